import { inject, injectable } from 'inversify';
import { isRefusal, type DataOf } from '../../contract/call';
import { isSuccess, type Envelope } from '../../contract/envelope';
import * as Alarm from '../../contract/alarm';
import * as Cam from '../../contract/cam';
import * as Home from '../../contract/home';
import * as Machine from '../../contract/machine';
import * as Staff from '../../contract/staff';
import * as User from '../../contract/user';
import * as CSSAPI from '../../contract/cssapi';
import type { RegistryEntryInput } from '../../domain/staff/registry-entry';
import type { StaffCompany, StaffCompanyDetail } from '../../domain/staff/company-move';
import type { DeliveryLogFilter, StaffDelivery } from '../../domain/staff/delivery-log';
import type { ChangeAnswer } from '../../domain/staff/staff-dialog.machine';
import type { PublishAnswer, ReleaseDraft } from '../../domain/staff/release-publish.machine';
import type { ReplaceAnswer, SiteVideo } from '../../domain/staff/site-videos.machine';
import type { PageAnswer } from '../../domain/staff/paged-list.machine';
import { dayAfter, type AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, RegistryEntry, ReleaseDownloads, ServiceMachine, StaffWorkOrder, WorkOrderFilter } from '../../domain/staff/staff-records';
import { refused } from '../../domain/shared/refused';
import type { PortalHttpPort, PortalUploadPort } from '../../ports/portal-http.port';
import type { StaffApiPort } from '../../ports/staff-api.port';
import { PortalHttpToken, PortalUploadToken } from '../../ports/api-tokens';

// The staff screens show refusals themselves (the staff-only note for a 403, the list's message).
const QUIET = { quiet: true } as const;

const listOf = (answer: Envelope<unknown>): unknown[] => (isSuccess(answer) && Array.isArray(answer.ReturnData) ? answer.ReturnData : []);
const totalOf = (answer: Envelope<unknown>, rows: unknown[]) => (typeof answer.ReturnCount === 'number' ? answer.ReturnCount : rows.length);

function pageOf<Row>(answer: Envelope<unknown>, read: (raw: Record<string, unknown>) => Row): PageAnswer<Row> {
  if (answer.code === 403) return { kind: 'forbidden' };
  if (!isSuccess(answer)) return refused(answer.info);
  const raw = listOf(answer) as Record<string, unknown>[];
  return { kind: 'page', rows: raw.map(read), total: totalOf(answer, raw) };
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const deliveryOf = (d: Record<string, unknown>): StaffDelivery => ({
  id: Number(d.Id),
  companyId: str(d.CompanyId),
  companyName: str(d.CompanyName),
  ownerName: str(d.OwnerName),
  ownerAccount: str(d.OwnerAccount),
  orderNumber: str(d.OrderNumber),
  machineName: str(d.MachineName),
  kind: d.Kind === 'emergencyStop' || d.Kind === 'alarmStop' || d.Kind === 'offline' ? d.Kind : null,
  event: d.Event === 'cleared' || d.Event === 'labelRequest' ? d.Event : 'raised',
  channel: d.Channel === 'email' || d.Channel === 'webhook' ? d.Channel : 'bell',
  target: str(d.Target),
  status: d.Status === 'sent' || d.Status === 'failed' ? d.Status : 'pending',
  attempts: Number(d.Attempts) || 0,
  lastError: str(d.LastError),
  createdAt: str(d.CreateTime),
  sentAt: str(d.SentTime),
});

/** A company as the console lists it. */
export const companyOf = (c: Record<string, unknown>): StaffCompany => ({
  companyId: str(c.CompanyId),
  name: str(c.Name),
  ownerName: str(c.OwnerName),
  ownerAccount: str(c.OwnerAccount),
  members: Number(c.Members) || 0,
  machines: Number(c.Machines) || 0,
  createdAt: str(c.CreateTime),
});

/** One company opened: `Staff/GetCompany`'s data in the console's terms. */
export const companyDetailOf = (c: DataOf<typeof Staff.GetCompany>): StaffCompanyDetail => ({
  ...companyOf(c as unknown as Record<string, unknown>),
  memberList: c.MemberList.map((m) => ({ memberId: m.MemberId, name: m.Name, account: m.Account, role: m.Role, joinedAt: m.JoinTime })),
  machineList: c.MachineList.map((m) => ({ equipmentId: m.EquipmentId, orderNumber: m.OrderNumber, name: m.Name, seriesName: m.SeriesName, kind: m.Kind, boundAt: m.BoundTime })),
});

const machineOf = (m: Record<string, unknown>): ServiceMachine => ({
  equipmentId: Number(m.EquipmentId),
  orderNumber: str(m.OrderNumber),
  name: str(m.Name),
  seriesName: str(m.SeriesName),
  kind: m.Kind === 'tube' ? 'tube' : 'sheet',
  fields: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, str(v)])),
});

const registrationOf = (u: Record<string, unknown>): PendingRegistration => ({
  userId: str(u.UserId),
  account: str(u.Account),
  realName: str(u.RealName),
  email: str(u.Email),
  mobile: str(u.Mobile),
  area: str(u.FullPathName),
  address: str(u.Address),
  createdAt: str(u.CreateTime),
});

const contactLeadOf = (m: Record<string, unknown>): Lead => ({
  id: str(m.Id),
  name: str(m.Name),
  phone: str(m.Phone),
  email: str(m.Email),
  company: str(m.Company),
  message: str(m.Message),
  createdAt: str(m.CreateTime),
});

const camLeadOf = (c: Record<string, unknown>): Lead => ({
  id: str(c.Id),
  name: str(c.UserName),
  phone: str(c.Phone),
  email: str(c.Email),
  company: str(c.CompanyName),
  message: [str(c.VersionNumber), str(c.Remark), str(c.Address)].filter(Boolean).join(' · '),
  createdAt: str(c.CreateTime),
});

const downloadsOf = (d: Record<string, unknown>): ReleaseDownloads => ({
  id: str(d.id),
  product: str(d.productname),
  version: str(d.versionnumber),
  fileName: str(d.filename),
  total: Number(d.total) || 0,
  users: Number(d.users) || 0,
  visitors: Number(d.visitors) || 0,
  direct: Number(d.direct) || 0,
});

const auditOf = (r: Record<string, unknown>): AuditRow => ({
  id: Number(r.Id),
  time: str(r.Time),
  actor: str(r.Actor),
  action: str(r.Action),
  kind: r.Kind === 'write' ? 'write' : 'read',
  object: str(r.Object),
  result: str(r.Result),
  request: r.Request ?? null,
  before: r.Before ?? null,
  after: r.After ?? null,
});

const registryOf = (r: Record<string, unknown>): RegistryEntry => ({
  orderNumber: str(r.OrderNumber),
  name: str(r.Name),
  seriesName: str(r.SeriesName),
  model: str(r.Model),
  laserPowerKw: Number(r.LaserPower) || 0,
  deliveryDay: str(r.DeliveryDay),
  details: Object.fromEntries(Object.entries((r.Details as Record<string, unknown>) ?? {}).map(([k, v]) => [k, str(v)])),
  equipmentId: typeof r.EquipmentId === 'number' ? r.EquipmentId : null,
  owner: str(r.Owner),
  boundTime: str(r.BoundTime),
});

const workOrderOf = (o: Record<string, unknown>): StaffWorkOrder => ({
  eventNum: str(o.EventNum),
  orderNumber: str(o.OrderNumber),
  account: str(o.Account),
  company: str(o.Company),
  userName: str(o.UserName),
  phone: str(o.Phone),
  email: str(o.Email),
  content: str(o.Content),
  createdAt: str(o.CreateTime),
  step: o.Step === 1 || o.Step === 2 ? o.Step : 0,
  note: str(o.Note),
  updatedAt: str(o.UpdateTime),
  fromLabel: o.Source === 'label',
  createdByName: str(o.CreatedByName),
});

/** A site video of `Staff/GetSiteVideos` and `Staff/ReplaceSiteVideo` in the console's terms. */
export const siteVideoOfWire = (v: DataOf<typeof Staff.GetSiteVideos>[number]): SiteVideo => ({
  videoId: v.VideoId,
  replaced: v.Replaced,
  url: v.Url,
  size: v.Size,
  type: v.Type,
  fileName: v.FileName,
  replacedBy: v.ReplacedBy,
  replacedAt: v.ReplacedAt,
});

const changeOf = (answer: Envelope<unknown>): ChangeAnswer => (answer.code === 403 ? { kind: 'forbidden' } : isSuccess(answer) ? { kind: 'done' } : refused(answer.info));

/** Releases and videos are large: the JSON calls' 20 s would cut them off. */
const STAFF_UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** StaffApiPort over the portal HTTP port and its upload port (which reports the bytes sent). */
@injectable()
export class KyStaffApi implements StaffApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    // Only the uploads (releases, videos) need it; tests of the JSON calls leave it out.
    @inject(PortalUploadToken) private readonly uploads?: PortalUploadPort,
  ) {}

  async machines(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<ServiceMachine>> {
    const body = { ...(search.trim() ? { OrderNumber: search.trim() } : {}), PrevPageNums: page.offset, TopNums: page.size };
    const answer = await this.http.call(Machine.GetMachineTables, body, signal, QUIET);
    // A customer's session gets "OrderNumber is required" for the list of all machines: not staff
    // (English mode lets the browser skip the staff check; the server does not).
    if (isRefusal(answer, Machine.GetMachineTables.refusals.orderNumberRequired)) return { kind: 'forbidden' };
    return pageOf(answer, machineOf);
  }

  async pendingRegistrations(signal?: AbortSignal): Promise<PageAnswer<PendingRegistration>> {
    return pageOf(await this.http.call(User.GetReviewUsers, {}, signal, QUIET), registrationOf);
  }

  async review(userId: string, approve: boolean, signal?: AbortSignal): Promise<{ kind: 'done' } | ReturnType<typeof refused>> {
    const answer = await this.http.call(User.ReviewUser, { TargetUserId: userId, Approve: approve }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'done' } : refused(answer.info);
  }

  async leads(kind: LeadKind, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<Lead>> {
    const body = { PrevPageNums: page.offset, TopNums: page.size };
    return kind === 'contact'
      ? pageOf(await this.http.call(Home.GetContactMessages, body, signal, QUIET), contactLeadOf)
      : pageOf(await this.http.call(Cam.GetCamCustomers, body, signal, QUIET), camLeadOf);
  }

  async downloads(signal?: AbortSignal): Promise<PageAnswer<ReleaseDownloads>> {
    return pageOf(await this.http.call(Cam.GetDownloads, {}, signal, QUIET), downloadsOf);
  }

  async auditLog(filter: AuditFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<AuditRow>> {
    const body = {
      ...(filter.actor.trim() ? { Actor: filter.actor.trim() } : {}),
      ...(filter.action.trim() ? { Action: filter.action.trim() } : {}),
      ...(filter.object.trim() ? { Object: filter.object.trim() } : {}),
      ...(filter.kind ? { Kind: filter.kind } : {}),
      ...(filter.from ? { From: filter.from } : {}),
      ...(filter.to ? { To: dayAfter(filter.to) } : {}),
      PrevPageNums: page.offset,
      TopNums: page.size,
    };
    return pageOf(await this.http.call(Staff.GetAuditLog, body, signal, QUIET), auditOf);
  }

  async registry(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<RegistryEntry>> {
    const body = { ...(search.trim() ? { Search: search.trim() } : {}), PrevPageNums: page.offset, TopNums: page.size };
    return pageOf(await this.http.call(Staff.GetRegistry, body, signal, QUIET), registryOf);
  }

  async alarmDeliveries(filter: DeliveryLogFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffDelivery>> {
    const body = {
      ...(filter.status ? { Status: filter.status } : {}),
      ...(filter.channel ? { Channel: filter.channel } : {}),
      ...(filter.search.trim() ? { Search: filter.search.trim() } : {}),
      ...(filter.companyId ? { CompanyId: filter.companyId } : {}),
      PrevPageNums: page.offset,
      TopNums: page.size,
    };
    return pageOf(await this.http.call(Alarm.StaffGetDeliveries, body, signal, QUIET), deliveryOf);
  }

  async companies(search: string, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffCompany>> {
    const body = { ...(search.trim() ? { Search: search.trim() } : {}), PrevPageNums: page.offset, TopNums: page.size };
    return pageOf(await this.http.call(Staff.GetCompanies, body, signal, QUIET), companyOf);
  }

  async saveRegistryEntry(mode: 'add' | 'edit', entry: RegistryEntryInput, signal?: AbortSignal): Promise<ChangeAnswer> {
    const body = {
      OrderNumber: entry.orderNumber,
      Name: entry.name,
      SeriesName: entry.seriesName,
      Model: entry.model,
      LaserPower: entry.laserPowerKw,
      DeliveryDay: entry.deliveryDay,
      Details: { ...entry.details },
    };
    return changeOf(await this.http.call(mode === 'add' ? Staff.AddRegistryMachine : Staff.EditRegistryMachine, body, signal, QUIET));
  }

  async unbind(orderNumber: string, reason: string, signal?: AbortSignal): Promise<ChangeAnswer> {
    return changeOf(await this.http.call(Staff.UnbindMachine, { OrderNumber: orderNumber, Reason: reason }, signal, QUIET));
  }

  async withdrawLabels(orderNumber: string, signal?: AbortSignal): Promise<ChangeAnswer> {
    return changeOf(await this.http.call(Staff.WithdrawMachineLabels, { OrderNumber: orderNumber }, signal, QUIET));
  }

  async workOrders(filter: WorkOrderFilter, page: { offset: number; size: number }, signal?: AbortSignal): Promise<PageAnswer<StaffWorkOrder>> {
    const body = { ...(filter.step === null ? {} : { Step: filter.step }), ...(filter.search.trim() ? { Search: filter.search.trim() } : {}), PrevPageNums: page.offset, TopNums: page.size };
    return pageOf(await this.http.call(Staff.GetWorkOrders, body, signal, QUIET), workOrderOf);
  }

  async moveWorkOrder(eventNum: string, to: 1 | 2, note: string, signal?: AbortSignal): Promise<ChangeAnswer> {
    return changeOf(await this.http.call(CSSAPI.MoveWorkOrder, { EventNum: eventNum, eventStatus: to, Note: note }, signal, QUIET));
  }

  async publishRelease(draft: ReleaseDraft, file: File, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<PublishAnswer> {
    const form = new FormData();
    // The fields first: the server checks them before it stores a byte of the file.
    form.append('ProductType', draft.productType);
    form.append('VersionNumber', draft.version.trim());
    form.append('Remark', draft.remark);
    form.append('RemarkEn', draft.remarkEn);
    form.append('FileName', file.name);
    form.append('file', file, file.name);
    const answer = await this.sendForm(Cam.PublishRelease.path, form, file, onProgress, signal);
    if (answer.code === 403) return { kind: 'forbidden' };
    if (!isSuccess(answer)) return refused(answer.info);
    return { kind: 'published', version: str((answer.ReturnData as Record<string, unknown> | null)?.versionnumber) || draft.version.trim() };
  }

  async replaceSiteVideo(videoId: string, file: File, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<ReplaceAnswer> {
    const form = new FormData();
    // The id first: the server knows the video before the file's bytes start.
    form.append('VideoId', videoId);
    form.append('file', file, file.name);
    const answer = await this.sendForm(Staff.ReplaceSiteVideo.path, form, file, onProgress, signal);
    if (isSuccess(answer)) return { kind: 'replaced', video: siteVideoOfWire(answer.ReturnData as DataOf<typeof Staff.ReplaceSiteVideo>) };
    const { staffOnly, notAVideo, tooLarge } = Staff.ReplaceSiteVideo.refusals;
    if (isRefusal(answer, staffOnly)) return { kind: 'forbidden' };
    if (isRefusal(answer, notAVideo)) return { kind: 'notAVideo' };
    if (isRefusal(answer, tooLarge)) return { kind: 'tooLarge' };
    return refused(answer.info);
  }

  /** A staff upload with the file's progress (the form is a little more than the file: boundaries, fields). */
  private sendForm(path: string, form: FormData, file: File, onProgress: (loaded: number) => void, signal?: AbortSignal) {
    if (!this.uploads) throw new Error('KyStaffApi needs the upload port to upload');
    return this.uploads.upload<unknown>(path, form, signal, {
      ...QUIET,
      onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * file.size)),
      timeoutMs: STAFF_UPLOAD_TIMEOUT_MS,
    });
  }
}
