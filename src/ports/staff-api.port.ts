import type { PageAnswer } from '../domain/staff/paged-list.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, RegistryEntry, ReleaseDownloads, ServiceMachine, StaffWorkOrder, WorkOrderFilter } from '../domain/staff/staff-records';
import type { RegistryEntryInput } from '../domain/staff/registry-entry';
import type { StaffCompany } from '../domain/staff/company-move';
import type { DeliveryLogFilter, StaffDelivery } from '../domain/staff/delivery-log';
import type { ChangeAnswer } from '../domain/staff/staff-dialog.machine';
import type { ReplaceAnswer } from '../domain/staff/site-videos.machine';
import type { PublishAnswer, ReleaseDraft } from '../domain/staff/release-publish.machine';
import type { Refused } from '../domain/shared/refused';

/**
 * The staff calls of the service page and the console (issue 19), answered in domain terms. A
 * 403 (the caller is not staff) is `forbidden`; a call rejects only when no answer arrived.
 */
export interface StaffApiPort {
  /** `Machine/GetMachineTables` as staff: a page of every machine, `search` a part of an order number or name. */
  machines(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<ServiceMachine>>;
  /** `User/GetReviewUsers`. */
  pendingRegistrations(signal?: AbortSignal): Promise<PageAnswer<PendingRegistration>>;
  /** `User/ReviewUser`. */
  review(userId: string, approve: boolean, signal?: AbortSignal): Promise<{ kind: 'done' } | Refused>;
  /** `Home/GetContactMessages` (contact) or `Cam/GetCamCustomers` (cam): a page of leads, newest first. */
  leads(kind: LeadKind, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<Lead>>;
  /** `Cam/GetDownloads`: the download counts per release. */
  downloads(signal?: AbortSignal): Promise<PageAnswer<ReleaseDownloads>>;
  /** `Staff/GetAuditLog`. */
  auditLog(filter: AuditFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<AuditRow>>;
  /** `Staff/GetRegistry`: a page of the machine registry, `search` a part of the order number, name or owner. */
  registry(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<RegistryEntry>>;
  /** `Staff/GetAlarmDeliveries`: a page of every company's notification deliveries, newest first. */
  alarmDeliveries(filter: DeliveryLogFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffDelivery>>;
  /** `Staff/GetCompanies`: a page of the companies, `search` a part of the name or an owner's account. */
  companies(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffCompany>>;
  /** `Staff/AddRegistryMachine` or `Staff/EditRegistryMachine`. */
  saveRegistryEntry(mode: 'add' | 'edit', entry: RegistryEntryInput, signal?: AbortSignal): Promise<ChangeAnswer>;
  /** `Staff/UnbindMachine`. */
  unbind(orderNumber: string, reason: string, signal?: AbortSignal): Promise<ChangeAnswer>;
  /** Withdraws every QR label printed so far of a machine (issue 39). */
  withdrawLabels(orderNumber: string, signal?: AbortSignal): Promise<ChangeAnswer>;
  /** `Staff/GetWorkOrders`. */
  workOrders(filter: WorkOrderFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffWorkOrder>>;
  /** `CSSAPI/MoveWorkOrder`: one step forward with a note (the customer is mailed). */
  moveWorkOrder(eventNum: string, to: 1 | 2, note: string, signal?: AbortSignal): Promise<ChangeAnswer>;
  /** `Cam/PublishRelease` as a multipart form; `onProgress` gets the file's bytes sent. */
  publishRelease(draft: ReleaseDraft, file: File, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<PublishAnswer>;
  /** `Staff/ReplaceSiteVideo` as a multipart form (VideoId, then the file); `onProgress` gets the file's bytes sent. */
  replaceSiteVideo(videoId: string, file: File, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<ReplaceAnswer>;
}
