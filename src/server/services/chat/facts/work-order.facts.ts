import { STEP_DONE, STEP_IN_PROGRESS } from '../../../../domain/repair/work-order-status';
import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { RepairService } from '../../repair.service';
import type { MachineFactSource } from '../machine-facts';
import { localTime } from '../machine-facts';

/** Most orders read per question: a customer's newest, enough for every machine asked about. */
const ORDERS_READ = 100;

const WORDS = {
  zh: { source: '我的工单', none: '没有工单', open: (n: number) => `${n} 张工单未完成`, allDone: '工单均已完成', pending: '待处理', progress: '处理中', done: '已完成', latest: '最新工单' },
  en: { source: 'My work orders', none: 'no work orders', open: (n: number) => `${n} open work order${n === 1 ? '' : 's'}`, allDone: 'every work order is done', pending: 'pending', progress: 'in progress', done: 'done', latest: 'latest order' },
} as const;

/**
 * The repair area (issue 16): per machine asked about, how many of the customer's work orders are
 * open and the newest one's number, part, step and date. Read only for questions about repairs.
 */
export function workOrderFacts(repair: Pick<RepairService, 'list'>): MachineFactSource {
  return {
    name: 'work-orders',
    topic: /工单|报修|维修|修理|repair|work ?orders?|ticket|service request/i,
    async facts({ companyId, machines, language, timeZone }) {
      const w = WORDS[language];
      const answer = await repair.list(companyId, { dateType: '', status: null, offset: 0, limit: ORDERS_READ }, language);
      const orders = answer.ok ? answer.data : [];
      const [sep, open, close] = language === 'zh' ? ['，', '（', '）'] : [', ', ' (', ')'];
      return machines.map((m): MachineFact => {
        const mine = orders.filter((o) => o.orderNumber === m.orderNumber);
        const newest = mine[0];
        if (!newest) return { orderNumber: m.orderNumber, text: w.none, source: w.source };
        const unfinished = mine.filter((o) => o.step !== STEP_DONE).length;
        const step = newest.step === STEP_DONE ? w.done : newest.step === STEP_IN_PROGRESS ? w.progress : w.pending;
        const latest = `${w.latest} ${newest.eventNum}${newest.partName ? `${open}${newest.partName}${close}` : ''}${sep}${step}${sep}${localTime(newest.createdAt, timeZone)}`;
        return { orderNumber: m.orderNumber, text: `${unfinished ? w.open(unfinished) : w.allDone}${sep}${latest}`, source: w.source };
      });
    },
  };
}
