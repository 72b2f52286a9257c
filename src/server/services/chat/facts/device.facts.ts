import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { MachineFactSource } from '../machine-facts';
import { localTime } from '../machine-facts';

/** The devices area: each machine's name (model and power), series, kind and when it was bound. */
export const deviceFacts: MachineFactSource = {
  name: 'devices',
  async facts({ machines, language, timeZone }) {
    return machines.map((m): MachineFact => {
      const bound = m.boundAt ? localTime(m.boundAt, timeZone).slice(0, 10) : null;
      const text =
        language === 'zh'
          ? `${m.name}，${m.seriesName} 系列${m.kind === 'tube' ? '切管机' : '板材切割机'}${bound ? `，${bound} 绑定` : ''}`
          : `${m.name}, ${m.seriesName} series ${m.kind === 'tube' ? 'tube cutter' : 'sheet cutter'}${bound ? `, bound on ${bound}` : ''}`;
      return { orderNumber: m.orderNumber, text, source: language === 'zh' ? '我的设备' : 'My devices' };
    });
  },
};
