import type { PageAnswer } from '../domain/staff/paged-list.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, ReleaseDownloads, ServiceMachine } from '../domain/staff/staff-records';
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
}
