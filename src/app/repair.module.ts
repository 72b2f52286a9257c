import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyRepairApi } from '../adapters/ky/ky-repair-api.adapter';
import { workOrderFormMachine } from '../domain/repair/work-order-form.machine';
import { faultArticleMachine } from '../domain/repair/fault-article.machine';
import { faultSummaryMachine } from '../domain/repair/fault-summary.machine';
import { stockPageMachine } from '../domain/repair/stock-page.machine';
import { workOrderConversationMachine } from '../domain/repair/work-order-conversation.machine';
import { workOrdersPageMachine } from '../domain/repair/work-orders-page.machine';
import { KeyValueStorageToken } from '../ports/tokens';
import { AccountsApiToken, DevicesApiToken, KnowledgeApiToken, PortalDownloadToken, PortalHttpToken, PortalUploadToken, RepairApiToken } from '../ports/api-tokens';
import { RepairMachinesToken, type RepairMachines } from '../ui/repair/repair-machines';
import { conversationActors } from './work-order-conversation.actors';

/** The provinces of the form: the areas below China (parent 44, spec 1). */
const CHINA = 44;
/** The stock page's first 100 records hold every part of the catalogue (14 today). */
const EVERY_PART = { page: 1, size: 100 };

/** The repair pages' bindings: the repair calls, and the machines of the repair pages (one-click repair, stock, fault summary, an alarm's fault article) provided with them. */
export const repairModule = new ContainerModule((options) => {
  options.bind(RepairApiToken).to(KyRepairApi).inSingletonScope();
  options
    .bind(RepairMachinesToken)
    .toDynamicValue((context): RepairMachines => {
      const api = context.get(RepairApiToken);
      // Resolved at the call: only /click loads the devices and accounts areas and /fault the knowledge area (routes.tsx).
      const devices = () => context.get(DevicesApiToken);
      const accounts = () => context.get(AccountsApiToken);
      const knowledge = () => context.get(KnowledgeApiToken);
      const storage = context.get(KeyValueStorageToken);
      const lang = () => (storage.get('lang') === 'zh' ? 'zh' : 'en');
      const ports = { http: context.get(PortalHttpToken), downloads: context.get(PortalDownloadToken), uploads: context.get(PortalUploadToken) };
      const form = workOrderFormMachine.provide({ actors: { submitOrder: fromPromise(({ input, signal }) => api.submit(input, lang(), signal)) } });
      return {
        workOrdersPage: workOrdersPageMachine.provide({
          actors: {
            workOrderForm: form,
            loadOrders: fromPromise(({ input, signal }) => api.orders({ ...input.query, size: input.size }, input.language, signal)),
            loadMachines: fromPromise(async ({ signal }) => {
              const answer = await devices().getMyMachines(signal);
              return answer.kind === 'list' ? answer.machines.map((m) => ({ id: m.ordernumber, name: `${m.ordernumber} · ${m.name}` })) : [];
            }),
            loadProvinces: fromPromise(async ({ input, signal }) =>
              (await accounts().getAreas({ level: 'province', parentId: CHINA, language: input.language }, signal)).map((a) => ({ id: String(a.countryid), name: a.countryname })),
            ),
            loadCities: fromPromise(async ({ input, signal }) =>
              (await accounts().getAreas({ level: 'city', parentId: Number(input.provinceId), language: input.language }, signal)).map((a) => ({ id: String(a.countryid), name: a.countryname })),
            ),
            loadParts: fromPromise(({ input, signal }) => api.parts(input.language, signal)),
            loadPartsWithThreshold: fromPromise(async ({ input, signal }) => {
              const answer = await api.stock(EVERY_PART, input.language, signal);
              return answer.kind === 'page' ? answer.rows.filter((r) => r.threshold !== null).map((r) => r.id) : [];
            }),
          },
        }),
        stockPage: stockPageMachine.provide({
          actors: {
            loadStock: fromPromise(({ input, signal }) => api.stock({ page: input.page, size: input.size, ...(input.partId ? { partId: input.partId } : {}) }, input.language, signal)),
            saveThreshold: fromPromise(({ input, signal }) => api.saveThreshold(input.partId, input.threshold, signal)),
            resetCount: fromPromise(({ input, signal }) => api.resetCount(input.partId, signal)),
          },
        }),
        faultSummary: faultSummaryMachine.provide({
          actors: {
            loadParts: fromPromise(({ input, signal }) => api.parts(input.language, signal)),
            loadPerPart: fromPromise(({ input, signal }) => api.faultsPerPart(input.language, signal)),
            loadPerMonth: fromPromise(({ input, signal }) => api.faultsPerMonth(input.partId, input.language, signal)),
          },
        }),
        conversation: workOrderConversationMachine.provide({ actors: conversationActors(ports, 'customer') }),
        faultArticle: faultArticleMachine.provide({
          actors: {
            findArticles: fromPromise(async ({ input, signal }) => {
              const answer = await knowledge().getArticles('faults', { label: input.label, language: input.language, size: 20 }, signal);
              return answer.kind === 'list' ? answer.rows : [];
            }),
          },
        }),
      };
    })
    .inSingletonScope();
});
