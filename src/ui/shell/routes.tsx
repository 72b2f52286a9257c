import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { guardRoute } from '../../domain/accounts/route-guard';
import { brand, gptSegment } from '../common/brand';
import { removeStrayFirstScreen } from '../common/first-screen';
import { AREA_PAGES } from './area-pages';
import { DocumentTitle } from './document-title';
import { PageLoading } from './page-loading';
import { named, page, type PageNeeds, type PageRoute } from './page-route';
import { remountOnParams } from './remount-on-params';
import { PORTAL_SECTIONS } from './sections';

export { APP_BASENAME } from '../common/app-basename';
export { needsOf, type PageNeeds } from './page-route';

export interface AppRouteOptions {
  /** Read on every navigation: is a login token stored? */
  hasToken: () => boolean;
  /** Replaces `{product}` in `/index/{product}Gpt`; defaults to the configured brand. */
  brandName?: string;
}

/** Applies the route guard of spec 1 on every location. */
export function RouteGuard({ hasToken }: { hasToken: () => boolean }) {
  const { pathname } = useLocation();
  const decision = guardRoute({ pathname, hasToken: hasToken() });
  // A first screen from the build (common/first-screen.ts) painted for another page goes: its own page removes it when it mounts.
  useLayoutEffect(() => removeStrayFirstScreen(pathname), [pathname]);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

const SHELL: PageNeeds = { services: [], messages: ['shell'] };
const STAFF: PageNeeds = { services: ['staff'], messages: ['accounts', 'cam', 'devices', 'software', 'staff'] };
/** The videos tab names the videos as their pages do (the service pages' messages). */
/** The work-order tab shows an order's conversation in the repair area's words (ui/common/work-order-conversation-view.tsx). */
const STAFF_WORK_ORDERS: PageNeeds = { services: ['staff'], messages: ['accounts', 'cam', 'devices', 'repair', 'software', 'staff'] };
const STAFF_VIDEOS: PageNeeds = { services: ['staff'], messages: ['accounts', 'cam', 'devices', 'servicePages', 'software', 'staff'] };

/** Which area each portal section shows. */
const SECTION_PAGES: Record<(typeof PORTAL_SECTIONS)[number], PageRoute> = {
  device: named(() => import('../devices/fleet-screen'), (m) => m.FleetSection, { services: ['devices', 'maintenance'], messages: ['devices'] }),
  task: named(() => import('../reports/task-screen'), (m) => m.TaskSection, { services: ['reports'], messages: ['devices', 'repair', 'reports'] }),
  software: named(() => import('../software/software-cards'), (m) => m.SoftwareSection, { services: [], messages: ['software'] }),
  cam: named(() => import('../cam/cam-screen'), (m) => m.CamSection, { services: ['camPage'], messages: ['accounts', 'cam'] }),
  knowledge: named(() => import('../knowledge/knowledge-section-screen'), (m) => m.KnowledgeSection, { services: ['knowledge'], messages: ['knowledge'] }),
  use: named(() => import('../knowledge/use-hub-screen'), (m) => m.UseSection, { services: [], messages: ['knowledge'] }),
  repair: named(() => import('../repair/repair-hub-screen'), (m) => m.RepairSection, { services: [], messages: ['repair'] }),
  maintenance: named(() => import('../maintenance/maintenance-screen'), (m) => m.MaintenanceSection, { services: ['maintenance'], messages: ['devices', 'maintenance'] }),
  file: named(() => import('../documents/documents-screen'), (m) => m.FileSection, { services: ['devices', 'documents'], messages: ['devices', 'documents'] }),
  gpt: named(() => import('../chat/chat-screen'), (m) => m.ChatSection, { services: ['chat'], messages: ['chat'] }),
};

/** The whole route table of spec 1 section 2 (paths inside the /app basename), behind the route guard. */
export function appRoutes(options: AppRouteOptions): RouteObject[] {
  const gpt = gptSegment(options.brandName ?? brand.name);
  return [
    {
      id: 'root',
      element: <RouteGuard hasToken={options.hasToken} />,
      HydrateFallback: PageLoading,
      children: [
        // The landing page renders at once, ungated: it loads the services its CAM cards and contact form
        // need itself, once the visitor goes on (landing/services-on-intent.ts).
        { index: true, lazy: async () => ({ Component: (await import('../landing/landing-screen')).default }) },
        ...AREA_PAGES.map(({ path, id, route }) => ({ path, ...(id === undefined ? {} : { id }), ...route })),
        {
          path: 'index',
          ...page(() => import('./portal-shell'), SHELL),
          children: [
            { index: true, ...named(() => import('./portal-shell'), (m) => m.RestoreSection, SHELL) },
            ...PORTAL_SECTIONS.filter((s) => s !== 'gpt').map((section) => ({ path: section, ...SECTION_PAGES[section] })),
            { path: gpt, id: 'gpt', ...SECTION_PAGES.gpt },
            ...(gpt.toLowerCase() === 'gpt' ? [] : [{ path: 'gpt', ...SECTION_PAGES.gpt }]),
            { path: '*', ...named(() => import('./portal-shell'), (m) => m.UnknownSection, SHELL) },
          ],
        },
        {
          path: 'visitor',
          ...page(() => import('./visitor-shell'), SHELL),
          children: [
            { index: true, ...named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab, SHELL) },
            { path: 'software', ...named(() => import('../software/software-cards'), (m) => m.VisitorSoftwareTab, { services: [], messages: ['software'] }) },
            { path: 'knowledge', ...named(() => import('../knowledge/knowledge-section-screen'), (m) => m.VisitorKnowledgeTab, { services: ['knowledge'], messages: ['knowledge'] }) },
            { path: 'download', ...named(() => import('../knowledge/library-pages'), (m) => m.VisitorDownloadTab, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
            { path: '*', ...named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab, SHELL) },
          ],
        },
        // Spec 1's "test page": the connection test (ADR 0031).
        { path: 'test', ...page(() => import('./connection-test-screen'), { services: ['accounts'], messages: ['accounts', 'cam', 'shell', 'software'] }) },
        {
          path: 'staff',
          ...page(() => import('../staff/staff-console-screen'), STAFF),
          children: [
            { index: true, ...named(() => import('../staff/staff-console-screen'), (m) => m.StaffConsoleIndex, STAFF) },
            { path: 'registrations', ...named(() => import('../staff/staff-console-screen'), (m) => m.RegistrationsTab, STAFF) },
            { path: 'audit', ...named(() => import('../staff/staff-console-screen'), (m) => m.AuditTab, STAFF) },
            { path: 'leads', ...named(() => import('../staff/staff-console-screen'), (m) => m.LeadsTab, STAFF) },
            // chart.js comes with this tab's chunk only.
            { path: 'downloads', ...page(() => import('../staff/staff-downloads-tab'), STAFF) },
            { path: 'registry', ...page(() => import('../staff/staff-registry-tab'), STAFF) },
            { path: 'work-orders', ...page(() => import('../staff/staff-work-orders-tab'), STAFF_WORK_ORDERS) },
            { path: 'releases', ...page(() => import('../staff/staff-releases-tab'), STAFF) },
            { path: 'videos', ...page(() => import('../staff/staff-videos-tab'), STAFF_VIDEOS) },
            { path: 'companies', ...page(() => import('../staff/staff-companies-tab'), STAFF) },
            { path: 'companies/:companyId', ...page(() => import('../staff/staff-company-screen'), STAFF) },
            { path: 'deliveries', ...page(() => import('../staff/staff-deliveries-tab'), STAFF) },
          ],
        },
        { path: '*', ...page(() => import('./not-found-screen'), SHELL) },
      ],
    },
  ].map(remountOnParams);
}
