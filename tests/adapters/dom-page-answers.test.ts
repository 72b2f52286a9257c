// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomPageAnswers } from '../../src/adapters/dom/dom-page-answers.adapter';
import { PAGE_ANSWERS_FRESH_MS, PAGE_ANSWERS_ID, pageAnswerKey, pageAnswersJson, type PageAnswer } from '../../src/contract/page-answers';

// The answers a page painted with the caller's data carries (ADR 0026), as the browser reads them.

function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('painted');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_ANSWERS_ID;
  script.textContent = text;
  doc.body.appendChild(script);
  return doc;
}

const fleet: PageAnswer = { path: 'Machine/GetMyMachine', body: { UserId: 'u1' }, envelope: { code: 200, info: 'success', ReturnData: [] } };
const report: PageAnswer = { path: 'Machine/GetMachineReport', body: { OrderNumber: 'A1', PrevPageNums: 0, TopNums: 10 }, envelope: { code: 200, info: 'success', ReturnData: [{ TaskName: '</script>' }] } };

describe('the answers a painted page carries', () => {
  it('stand in for the same call once each, whatever the order of the body\'s fields or the spelling of the path', () => {
    const doc = pageWith(pageAnswersJson([fleet, report]));
    const answers = new DomPageAnswers(doc, () => 500);
    expect(answers.take('/api/Machine/GetMachineReport', { TopNums: 10, OrderNumber: 'A1', PrevPageNums: 0 })).toEqual(report.envelope);
    expect(answers.take('Machine/GetMachineReport', report.body)).toBeNull();
    expect(answers.take('Machine/GetMyMachine', { UserId: 'u2' })).toBeNull();
    expect(answers.take('api/Machine/GetMyMachine', { UserId: 'u1' })).toEqual(fleet.envelope);
    // Read once and gone from the page: nothing else finds them there.
    expect(doc.getElementById(PAGE_ANSWERS_ID)).toBeNull();
  });

  it('are not taken once the page is older than a minute (a tab shown long after it loaded asks again)', () => {
    let now = 0;
    const answers = new DomPageAnswers(pageWith(pageAnswersJson([fleet])), () => now);
    now = PAGE_ANSWERS_FRESH_MS + 1;
    expect(answers.take(fleet.path, fleet.body)).toBeNull();
  });

  it('count as none when the page has none, or text that is not answers', () => {
    expect(new DomPageAnswers(document.implementation.createHTMLDocument('plain'), () => 0).take(fleet.path, fleet.body)).toBeNull();
    for (const text of ['', 'not json', '{"path":1}', '[{"path":"Machine/GetMyMachine","body":{"UserId":"u1"}}]', '[null, 3, "x"]']) {
      expect(new DomPageAnswers(pageWith(text), () => 0).take(fleet.path, fleet.body), text).toBeNull();
    }
  });

  it('survive the page for any text in them: the JSON never ends its script element, and reads back the same', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, info) => {
        const answer: PageAnswer = { path: 'Machine/GetMyMachine', body: { UserId: name }, envelope: { code: 200, info, ReturnData: [{ name }] } };
        const json = pageAnswersJson([answer]);
        expect(json).not.toMatch(/<\/?script/i);
        const doc = document.implementation.createHTMLDocument('painted');
        doc.body.innerHTML = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script>`;
        expect(new DomPageAnswers(doc, () => 0).take(answer.path, { UserId: name })).toEqual(answer.envelope);
      }),
    );
  });

  it('key a call by its fields, not their order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string(), fc.boolean())), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(pageAnswerKey('Machine/X', reversed)).toBe(pageAnswerKey('api/Machine/X', body));
      }),
    );
  });
});
