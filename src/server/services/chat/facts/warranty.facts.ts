import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { WarrantyRegistryPort } from '../../../../ports/user-centre-store.port';
import type { MachineFactSource } from '../machine-facts';
import { localTime } from '../machine-facts';

const WORDS = {
  zh: {
    source: '质保信息',
    none: '维保平台中没有这台设备的质保记录',
    under: (until: string) => `在保，质保至 ${until}`,
    ended: (until: string) => `已过保（质保于 ${until} 结束）`,
    extended: (type: string) => `含延保${type ? `（${type}）` : ''}`,
    delivered: (at: string) => `${at} 交付`,
  },
  en: {
    source: 'Warranty',
    none: 'no warranty record on the maintenance platform',
    under: (until: string) => `under warranty until ${until}`,
    ended: (until: string) => `out of warranty (it ended on ${until})`,
    extended: (type: string) => `extended warranty${type ? ` (${type})` : ''}`,
    delivered: (at: string) => `delivered on ${at}`,
  },
} as const;

/**
 * The user centre's warranty (issue 14, from the maintenance platform's registry): per machine
 * asked about, whether it is under warranty and until when. Read only for warranty questions.
 */
export function warrantyFacts(registry: Pick<WarrantyRegistryPort, 'warrantyOf'>): MachineFactSource {
  return {
    name: 'warranty',
    topic: /保修|质保|保固|延保|过保|warrant|guarantee/i,
    async facts({ machines, language, timeZone, now }) {
      const w = WORDS[language];
      const records = new Map((await registry.warrantyOf(machines.map((m) => m.orderNumber))).map((r) => [r.orderNumber, r]));
      const day = (at: Date) => localTime(at, timeZone).slice(0, 10);
      const sep = language === 'zh' ? '，' : ', ';
      return machines.map((m): MachineFact => {
        const r = records.get(m.orderNumber);
        const until = r ? (r.extendedUntil ?? r.guaranteeUntil) : null;
        if (!r || !until) return { orderNumber: m.orderNumber, text: w.none, source: w.source };
        const parts = [until.getTime() >= now.getTime() ? w.under(day(until)) : w.ended(day(until))];
        if (r.extendedUntil) parts.push(w.extended(r.extendedType));
        if (r.deliveryTime) parts.push(w.delivered(day(r.deliveryTime)));
        return { orderNumber: m.orderNumber, text: parts.join(sep), source: w.source };
      });
    },
  };
}
