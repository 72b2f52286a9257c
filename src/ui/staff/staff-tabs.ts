/**
 * The staff console's navigation: one entry per place staff work. A later area adds its tab here
 * (work orders, questions, the machine registry, releases, leads...) and its route under `/staff`
 * in `ui/shell/routes.tsx`; `external` entries are pages of their own (the service page, the
 * knowledge authoring).
 */
export interface StaffTab {
  /** Path under /app. */
  to: string;
  /** Message key of the tab's label. */
  label: string;
  external?: boolean;
}

export const STAFF_TABS: readonly StaffTab[] = [
  { to: '/staff/registrations', label: 'staff.tab.registrations' },
  { to: '/staff/leads', label: 'staff.tab.leads' },
  { to: '/staff/downloads', label: 'staff.tab.downloads' },
  { to: '/staff/audit', label: 'staff.tab.audit' },
  { to: '/staff/registry', label: 'staff.tab.registry' },
  { to: '/staff/work-orders', label: 'staff.tab.workOrders' },
  { to: '/staff/releases', label: 'staff.tab.releases' },
  { to: '/staff/videos', label: 'staff.tab.videos' },
  { to: '/staff/companies', label: 'staff.tab.companies' },
  { to: '/staff/deliveries', label: 'staff.tab.deliveries' },
  // Customers' questions: answered and closed on their own page (the user centre's staff side).
  { to: '/staff/questions', label: 'staff.tab.questions', external: true },
  { to: '/service', label: 'staff.tab.machines', external: true },
  { to: '/staff/knowledge', label: 'staff.tab.knowledge', external: true },
];
