import { describe, expect, it } from 'vitest';
import { RELEVANCE_FLOOR, relevanceOf, relevantPassages } from '../../src/server/services/chat/owner-leads';
import type { Passage } from '../../src/ports/chat-answerer.port';
import type { Library } from '../../src/domain/knowledge/library';

// Issue 35 item 1: beside a lead, only the articles that matter for the answer (a relevance floor),
// not always the three the search found.
const passage = (id: number, library: Library, title: string, text = ''): Passage => ({ citation: { id, nodeId: 1, library, title }, text });

const found = [
  passage(1, 'download', 'Downloading and installing LaserNest 4.2 nesting software', 'Run the installer and activate the licence.'),
  passage(2, 'download', 'Machine manuals and maintenance handbook download', 'The maintenance handbook lists every item and its interval.'),
  passage(3, 'knowledge', 'Nozzle inspection and replacement', 'Check the nozzle bore for deformation.'),
];

describe('the articles beside a lead', () => {
  it('keep, for maintenance, only the articles about maintenance', () => {
    expect(relevantPassages(found, { topic: 'maintenance' }, 'The next one due is Chiller water and filter on G3015 (G3015-1), in 40 run hours.').map((p) => p.citation.id)).toEqual([2]);
    expect(relevanceOf(found[1]!, ['maintenance'])).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
    expect(relevanceOf(found[0]!, ['maintenance'])).toBeLessThan(RELEVANCE_FLOOR);
  });

  it('keep an article that speaks of the topic in the section quoted, not one that names it once', () => {
    const twice = passage(4, 'knowledge', '喷嘴的检查与更换', '按保养计划检查喷嘴；每次保养后做同轴校准。');
    const once = passage(5, 'knowledge', '切割速度与板厚对照表', '速度表不受保养影响。');
    expect(relevantPassages([twice, once], { topic: 'maintenance' }, '有 1 项保养已逾期').map((p) => p.citation.id)).toEqual([4]);
  });

  it('keep none for run time and output, and none that is not about the warranty or the work orders', () => {
    expect(relevantPassages(found, { topic: 'output', period: { kind: 'today' } }, 'Your 6 machines ran 20 hours today.')).toEqual([]);
    expect(relevantPassages(found, { topic: 'warranty' }, 'The warranty of G3015 (G3015-1) ends on 2027-03-18.')).toEqual([]);
    expect(relevantPassages([...found, passage(6, 'guide', '保修与报修流程', '')], { topic: 'workOrders', eventNum: null }, '您有 1 张未完成的工单').map((p) => p.citation.id)).toEqual([6]);
  });

  it("keep, for an alarm, its own fault article and no other", () => {
    const faults = [passage(7, 'faults', 'E203 height sensor collision alarm (following error)'), passage(8, 'faults', 'E101 servo drive alarm'), ...found];
    expect(relevantPassages(faults, { topic: 'alarmMeaning', code: 'E203' }, 'E203 means: Height sensor collision.').map((p) => p.citation.id)).toEqual([7]);
  });
});
