import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { MaintenanceService, PlanView } from '../../maintenance.service';
import type { MachineFactSource } from '../machine-facts';

const WORDS = {
  zh: {
    source: '保养计划',
    none: '没有保养计划',
    overdue: '已超期',
    warning: '即将到期',
    left: (v: PlanView) => `剩余 ${v.surplusHours} 小时${v.surplusPierces === null ? '' : `、${v.surplusPierces} 次穿孔`}`,
    allNormal: (n: number) => `${n} 项保养计划均正常`,
    next: '最近到期',
  },
  en: {
    source: 'Maintenance plans',
    none: 'no maintenance plans',
    overdue: 'overdue',
    warning: 'due soon',
    left: (v: PlanView) => `${v.surplusHours} hour${v.surplusHours === 1 ? '' : 's'}${v.surplusPierces === null ? '' : `, ${v.surplusPierces} pierces`} left`,
    allNormal: (n: number) => `all ${n} maintenance plan${n === 1 ? ' is' : 's are'} normal`,
    next: 'next due',
  },
} as const;

/**
 * The maintenance area (issue 17): per machine asked about, its overdue and due-soon plans with
 * what is left, or, when all are normal, the one due next. Read only for questions about upkeep.
 */
export function maintenanceFacts(maintenance: Pick<MaintenanceService, 'plans'>): MachineFactSource {
  return {
    name: 'maintenance',
    topic: /保养|维护|润滑|更换|maint[ae]n|lubric|service (?:is )?due|upkeep|nozzle|喷嘴/i,
    async facts({ companyId, machines, language }) {
      const w = WORDS[language];
      const answer = await maintenance.plans(companyId, {});
      const plans = answer.ok ? answer.data : [];
      const [sep, open, close] = language === 'zh' ? ['；', '（', '）'] : ['; ', ' (', ')'];
      const named = (v: PlanView) => `${v.plan.item.project[language]}${open}${w.left(v)}${close}`;
      return machines.map((m): MachineFact => {
        const mine = plans.filter((v) => v.plan.orderNumber === m.orderNumber);
        if (!mine.length) return { orderNumber: m.orderNumber, text: w.none, source: w.source };
        const due = mine.filter((v) => v.state !== 'normal').sort((a, b) => a.surplusHours - b.surplusHours);
        if (due.length) {
          const text = due.map((v) => `${v.state === 'overdue' ? w.overdue : w.warning}${language === 'zh' ? '：' : ': '}${named(v)}`).join(sep);
          return { orderNumber: m.orderNumber, text, source: w.source };
        }
        const next = [...mine].sort((a, b) => a.surplusHours - b.surplusHours)[0]!;
        const text = `${w.allNormal(mine.length)}${language === 'zh' ? '，' : ', '}${w.next}${language === 'zh' ? '：' : ': '}${named(next)}`;
        return { orderNumber: m.orderNumber, text, source: w.source };
      });
    },
  };
}
