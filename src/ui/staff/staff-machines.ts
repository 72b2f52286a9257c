import type { ServiceIdentifier } from 'inversify';
import type { leadsExportMachine } from '../../domain/staff/leads-export.machine';
import type { machineFilesMachine } from '../../domain/staff/machine-files.machine';
import type { pagedListMachine } from '../../domain/staff/paged-list.machine';
import type { rowActMachine } from '../../domain/staff/row-act.machine';
import type { MoveDraft, RegistryDialogMode, RegistryDraft } from '../../domain/staff/registry-entry';
import type { releasePublishMachine } from '../../domain/staff/release-publish.machine';
import type { siteVideosMachine } from '../../domain/staff/site-videos.machine';
import type { staffCompanyMachine } from '../../domain/staff/staff-company.machine';
import type { StaffCompany } from '../../domain/staff/company-move';
import type { DeliveryLogFilter, StaffDelivery } from '../../domain/staff/delivery-log';
import type { serviceLoginMachine } from '../../domain/staff/service-login.machine';
import type { staffDialogMachine } from '../../domain/staff/staff-dialog.machine';
import type { workOrderConversationMachine } from '../../domain/repair/work-order-conversation.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, RegistryEntry, ReleaseDownloads, ServiceMachine, StaffWorkOrder, WorkOrderFilter } from '../../domain/staff/staff-records';
import { useService } from '../common/services-context';

/** The staff screens' machines, ready to run: app/staff.module.ts provides their calls. */
export interface StaffMachines {
  /** The service page's login gate (the screen gives it the mode's check). */
  serviceLogin: typeof serviceLoginMachine;
  machines: ReturnType<typeof pagedListMachine<ServiceMachine, string>>;
  /** The device drawer's random files of one machine, with their downloads. */
  machineFiles: typeof machineFilesMachine;
  registrations: ReturnType<typeof pagedListMachine<PendingRegistration, null>>;
  /** Approving or rejecting one registration (the customer gets a mail). */
  review: ReturnType<typeof rowActMachine<'approve' | 'reject'>>;
  audit: ReturnType<typeof pagedListMachine<AuditRow, AuditFilter>>;
  leads: ReturnType<typeof pagedListMachine<Lead, LeadKind>>;
  /** Every lead of a kind, for the CSV. */
  leadsExport: typeof leadsExportMachine;
  /** The machine registry tab: its list and its add / edit / unbind dialog. */
  registry: ReturnType<typeof pagedListMachine<RegistryEntry, string>>;
  registryDialog: ReturnType<typeof staffDialogMachine<RegistryDialogMode, RegistryDraft>>;
  /** The work-order tab: every customer's orders and the move dialog. */
  workOrders: ReturnType<typeof pagedListMachine<StaffWorkOrder, WorkOrderFilter>>;
  moveDialog: ReturnType<typeof staffDialogMachine<'move', MoveDraft>>;
  /** An order's conversation, staff-only notes included (ADR 0032). */
  conversation: typeof workOrderConversationMachine;
  /** Downloads per CAM release, all on one page. */
  downloads: ReturnType<typeof pagedListMachine<ReleaseDownloads, null>>;
  /** The release tab's publish form (its upload sends the File it was given). */
  releasePublish: typeof releasePublishMachine;
  /** The videos tab: the site videos and the form that replaces one (its upload sends the File it was given). */
  siteVideos: typeof siteVideosMachine;
  /** The delivery log tab: every company's notifications, read only (issue 39). */
  deliveries: ReturnType<typeof pagedListMachine<StaffDelivery, DeliveryLogFilter>>;
  /** The companies tab (issue 37): the list, and one company with a machine moved from it. */
  companies: ReturnType<typeof pagedListMachine<StaffCompany, string>>;
  company: typeof staffCompanyMachine;
}

export const StaffMachinesToken: ServiceIdentifier<StaffMachines> = Symbol.for('StaffMachines');

export const useStaffMachines = (): StaffMachines => useService(StaffMachinesToken);
