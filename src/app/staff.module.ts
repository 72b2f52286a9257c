import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { uploadActor } from './upload-actor';
import { emptyRegistryDraft, moveProblem, registryDialogProblem, type MoveDraft, type RegistryDialogMode, type RegistryDraft } from '../domain/staff/registry-entry';
import { releasePublishMachine, type PublishActorEvent, type PublishAnswer, type ReleaseDraft } from '../domain/staff/release-publish.machine';
import { staffDialogMachine } from '../domain/staff/staff-dialog.machine';
import { companyDetailOf, KyStaffApi, siteVideoOfWire } from '../adapters/ky/ky-staff-api.adapter';
import * as Staff from '../contract/staff';
import { siteVideosMachine, type ReplaceActorEvent, type ReplaceAnswer } from '../domain/staff/site-videos.machine';
import { callActor } from './call-actor';
import { messageOfAnswer } from '../domain/accounts/validation';
import { allPages } from '../domain/staff/all-pages';
import { leadsExportMachine } from '../domain/staff/leads-export.machine';
import { machineFilesMachine } from '../domain/staff/machine-files.machine';
import { pagedListMachine } from '../domain/staff/paged-list.machine';
import { rowActMachine } from '../domain/staff/row-act.machine';
import { serviceLoginMachine, type GateAnswer } from '../domain/staff/service-login.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, RegistryEntry, ReleaseDownloads, ServiceMachine, StaffWorkOrder, WorkOrderFilter } from '../domain/staff/staff-records';
import { isStaffUser } from '../domain/staff/staff-role';
import { staffCompanyMachine } from '../domain/staff/staff-company.machine';
import type { StaffCompany } from '../domain/staff/company-move';
import type { DeliveryLogFilter, StaffDelivery } from '../domain/staff/delivery-log';
import { SessionStoreToken } from '../ports/tokens';
import { AccountsApiToken, PortalDownloadToken, PortalHttpToken, PortalUploadToken, RandomFilesApiToken, StaffApiToken } from '../ports/api-tokens';
import { workOrderConversationMachine } from '../domain/repair/work-order-conversation.machine';
import { conversationActors } from './work-order-conversation.actors';
import { StaffMachinesToken, type StaffMachines } from '../ui/staff/staff-machines';

/** The events both staff uploads' machines take from their transfer (release-publish, site-videos). */
const UPLOAD_EVENTS = {
  progress: (loaded: number) => ({ type: 'upload.progress', loaded }) as const,
  answer: <A>(answer: A) => ({ type: 'upload.answer', answer }) as const,
  lost: { type: 'upload.lost' } as const,
};

/** The staff area's bindings (issue 19): the staff calls, the service page's login gate and the console's lists. */
export const staffModule = new ContainerModule(({ bind }) => {
  bind(StaffApiToken).to(KyStaffApi).inSingletonScope();
  bind(StaffMachinesToken)
    .toDynamicValue((context): StaffMachines => {
      const api = context.get(StaffApiToken);
      const accounts = context.get(AccountsApiToken);
      const session = context.get(SessionStoreToken);
      return {
        serviceLogin: serviceLoginMachine.provide({
          actors: {
            // The login is the portal's own: the session keeps the token, sent as the header of the machine calls (spec 3).
            login: fromPromise(async ({ input, signal }): Promise<GateAnswer> => {
              const answer = await accounts.login({ account: input.account, password: input.password }, signal);
              if (answer.kind !== 'signed-in') {
                // A known refusal is the accounts area's message key (the view translates it); the server's text as it came otherwise.
                const message = messageOfAnswer(answer);
                return { kind: 'refused', message: message && 'key' in message ? message.key : (message?.text ?? '') };
              }
              session.saveLogin(answer.user as Parameters<typeof session.saveLogin>[0]);
              return { kind: 'signed-in', isStaff: isStaffUser(answer.user as Record<string, unknown>) };
            }),
          },
        }),
        machines: pagedListMachine<ServiceMachine, string>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.machines(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        registrations: pagedListMachine<PendingRegistration, null>().provide({
          actors: { load: fromPromise(({ signal }) => api.pendingRegistrations(signal)) },
        }),
        // The random files through their own area's calls: the service page loads that area too (routes.tsx).
        machineFiles: machineFilesMachine.provide({
          actors: {
            loadFiles: fromPromise(({ input, signal }) => context.get(RandomFilesApiToken).getFiles(input.orderNumber, signal)),
            fetchFile: fromPromise(({ input, signal }) => context.get(RandomFilesApiToken).download(input.id, signal)),
          },
        }),
        review: rowActMachine<'approve' | 'reject'>().provide({
          actors: { act: fromPromise(({ input, signal }) => api.review(input.key, input.act === 'approve', signal)) },
        }),
        leadsExport: leadsExportMachine.provide({
          actors: { loadAll: fromPromise(({ input, signal }) => allPages((page) => api.leads(input.kind, page, signal))) },
        }),
        leads: pagedListMachine<Lead, LeadKind>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.leads(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        downloads: pagedListMachine<ReleaseDownloads, null>().provide({
          actors: { load: fromPromise(({ signal }) => api.downloads(signal)) },
        }),
        audit: pagedListMachine<AuditRow, AuditFilter>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.auditLog(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        registry: pagedListMachine<RegistryEntry, string>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.registry(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        registryDialog: staffDialogMachine<RegistryDialogMode, RegistryDraft>(registryDialogProblem, { mode: 'add', draft: emptyRegistryDraft() }).provide({
          actors: {
            send: fromPromise(({ input, signal }) =>
              input.mode === 'unbind'
                ? api.unbind(input.draft.orderNumber, input.draft.reason, signal)
                : input.mode === 'withdrawLabels'
                  ? api.withdrawLabels(input.draft.orderNumber, signal)
                  : api.saveRegistryEntry(input.mode, input.draft, signal),
            ),
          },
        }),
        conversation: workOrderConversationMachine.provide({
          actors: conversationActors({ http: context.get(PortalHttpToken), downloads: context.get(PortalDownloadToken), uploads: context.get(PortalUploadToken) }, 'staff'),
        }),
        workOrders: pagedListMachine<StaffWorkOrder, WorkOrderFilter>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.workOrders(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        moveDialog: staffDialogMachine<'move', MoveDraft>(moveProblem, { mode: 'move', draft: { eventNum: '', to: 1, note: '' } }).provide({
          actors: { send: fromPromise(({ input, signal }) => api.moveWorkOrder(input.draft.eventNum, input.draft.to, input.draft.note.trim(), signal)) },
        }),
        releasePublish: releasePublishMachine.provide({
          actors: {
            // The machine sees only name and size; the screen gives it the browser's File.
            upload: uploadActor<PublishActorEvent, { draft: ReleaseDraft; file: { name: string; size: number } }, PublishAnswer>(
              (input, onProgress, signal) => api.publishRelease(input.draft, input.file as File, onProgress, signal),
              UPLOAD_EVENTS,
            ),
          },
        }),
        deliveries: pagedListMachine<StaffDelivery, DeliveryLogFilter>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.alarmDeliveries(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        companies: pagedListMachine<StaffCompany, string>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.companies(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        company: staffCompanyMachine.provide({
          actors: {
            load: callActor(context.get(PortalHttpToken), Staff.GetCompany, (input: { companyId: string }) => ({ CompanyId: input.companyId }), companyDetailOf),
            findTargets: fromPromise(({ input, signal }) => api.companies(input.search, { offset: 0, size: 20 }, signal)),
            move: callActor(context.get(PortalHttpToken), Staff.MoveMachine, (draft: { orderNumber: string; fromCompanyId: string; toCompanyId: string }) => ({
              OrderNumber: draft.orderNumber,
              FromCompanyId: draft.fromCompanyId,
              ToCompanyId: draft.toCompanyId,
            })),
          },
        }),
        siteVideos: siteVideosMachine.provide({
          actors: {
            load: callActor(context.get(PortalHttpToken), Staff.GetSiteVideos, () => ({}), (wire) => wire.map(siteVideoOfWire)),
            upload: uploadActor<ReplaceActorEvent, { videoId: string; file: { name: string; size: number } }, ReplaceAnswer>(
              (input, onProgress, signal) => api.replaceSiteVideo(input.videoId, input.file as File, onProgress, signal),
              UPLOAD_EVENTS,
            ),
          },
        }),
      };
    })
    .inSingletonScope();
});
