import { describe, expect, it } from 'vitest';
import type { MachineRecord } from '../../src/ports/machine-store.port';
import { alarmCodesIn, machinesAsked } from '../../src/server/services/chat/machine-facts';
import { passageOf, plainLines, searchTextOf } from '../../src/server/services/chat/retrieval';

const machine = (orderNumber: string, name: string, kind: 'tube' | 'sheet'): MachineRecord => ({ id: 1, orderNumber, name, seriesName: name[0]!, kind, ownerId: 'u', boundAt: null, boundBy: null, boundByName: '', labelRevision: 0 });
const FLEET = [machine('T220-1', 'T220 Tube Cutter 3 kW', 'tube'), machine('G3015-2', 'G3015 Fiber Laser 12 kW', 'sheet'), machine('K350-3', 'K350 Heavy Tube 6 kW', 'tube')];

describe('what the assistant reads from a question', () => {
  it('finds alarm codes however they are written', () => {
    expect(alarmCodesIn('E203 on my tube cutter, also e 410 and E-512; not AE2030')).toEqual(['E203', 'E410', 'E512']);
    expect(alarmCodesIn('报E203怎么办')).toEqual(['E203']);
  });

  it('picks the machines a question is about: named, of a kind, all of "my machine", or none', () => {
    expect(machinesAsked('E203 on T220?', FLEET, ['E203']).map((m) => m.orderNumber)).toEqual(['T220-1']);
    expect(machinesAsked('E203 on my tube cutter', FLEET, ['E203']).map((m) => m.orderNumber)).toEqual(['T220-1', 'K350-3']);
    expect(machinesAsked('我的板材切割机报警', FLEET, []).map((m) => m.orderNumber)).toEqual(['G3015-2']);
    expect(machinesAsked('E410?', FLEET, ['E410']).length).toBe(3);
    expect(machinesAsked('How do I install the nesting software?', FLEET, [])).toEqual([]);
  });

  it('searches the words of a spoken question without its filler', () => {
    expect(searchTextOf('What should I do about E203 on my tube cutter?')).toBe('E203 tube');
    expect(searchTextOf('请问我的切管机报E203怎么办')).toBe('切管机报E203');
    expect(searchTextOf('how do I')).toBe('how do I');
  });

  it('quotes the section of an article that holds most of the question\'s words', () => {
    const html = '<h2>What it means</h2><p>The sensor saw a collision.</p><h2>What to do</h2><ol><li>Clean the <strong>nozzle</strong>.</li><li>Calibrate again.</li></ol><table><tr><th>Cause</th><th>Sign</th></tr><tr><td>Slag</td><td>after piercing</td></tr></table>';
    expect(passageOf(html, ['nozzle', 'calibrate'])).toBe('What to do\n- Clean the nozzle.\n- Calibrate again.\n- Cause — Sign\n- Slag — after piercing');
    expect(plainLines('<p>a &amp; b &lt;c&gt;</p>')).toBe('a & b <c>');
    expect(passageOf(`<p>${'word '.repeat(300)}</p>`, []).length).toBeLessThanOrEqual(610);
  });
});
