import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../../src/domain/accounts/language';
import { offersStockPage } from '../../../src/domain/repair/stock-threshold';
import { workOrderFormMachine, type SubmitOrderAnswer, type WorkOrderFormValues } from '../../../src/domain/repair/work-order-form.machine';
import type { WorkOrderRow } from '../../../src/domain/repair/work-order-row';
import {
  workOrdersPageMachine,
  type WorkOrderFormRef,
  type WorkOrdersPageEvent,
  type WorkOrdersQuery,
} from '../../../src/domain/repair/work-orders-page.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };

const CONTACT: Partial<WorkOrderFormValues> = { phone: '+86 531 8888 0000', email: 'owner@factory.cn', userName: 'Alice' };
const COMPLETE: Partial<WorkOrderFormValues> = { orderNumber: 'G3015-240101', company: 'Jinan Sheet Metal', content: 'E101 nozzle collision' };

/** A row that says which query and language it answers. */
const rowOf = (query: WorkOrdersQuery, language: Language, n: number): WorkOrderRow => ({
  eventNum: `EV${n}`,
  orderNumber: 'G3015-240101',
  company: JSON.stringify({ ...query, language }),
  userName: '',
  phone: '',
  email: '',
  provinceName: '',
  cityName: '',
  sparePart: '',
  content: '',
  createTime: '2026-12-02T08:00:00Z',
  step: 0,
  note: '',
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page with fake calls: each load answers after `delay()` ticks and counts itself. */
function start(options: { delays?: () => number; answer?: (values: WorkOrderFormValues) => SubmitOrderAnswer; defaults?: Partial<WorkOrderFormValues>; openAtStart?: boolean; eventNum?: string } = {}) {
  const calls = { orders: 0, machines: 0, provinces: 0, parts: 0, thresholds: 0, cities: [] as string[], submitted: [] as WorkOrderFormValues[] };
  const later = async <T>(value: T): Promise<T> => {
    for (let i = options.delays?.() ?? 0; i > 0; i--) await tick();
    return value;
  };
  const page = workOrdersPageMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => {
        const n = ++calls.orders;
        return later({ kind: 'page' as const, rows: [rowOf(input.query, input.language, n)], total: 1 });
      }),
      loadMachines: fromPromise(() => (calls.machines++, later([{ id: 'G3015-240101', name: 'G3015-240101 · G3015' }]))),
      loadProvinces: fromPromise(() => (calls.provinces++, later([{ id: '370000', name: '山东省' }, { id: '440000', name: '广东省' }]))),
      loadCities: fromPromise(({ input }) => (calls.cities.push(input.provinceId), later([{ id: `${input.provinceId.slice(0, 2)}0100`, name: `city of ${input.provinceId}` }]))),
      loadParts: fromPromise(() => (calls.parts++, later([{ id: 1, name: 'Nozzle' }, { id: 7, name: 'Lens' }]))),
      loadPartsWithThreshold: fromPromise(() => (calls.thresholds++, later([1]))),
      workOrderForm: workOrderFormMachine.provide({
        actors: {
          submitOrder: fromPromise(({ input }) => {
            calls.submitted.push(input);
            return later(options.answer?.(input) ?? { kind: 'accepted' as const, eventNum: 'EV202612020001', signal: 1 });
          }),
        },
      }),
    },
  });
  const actor = createActor(page, { input: { language: 'en', defaults: options.defaults ?? CONTACT, openAtStart: options.openAtStart, eventNum: options.eventNum } }).start();
  const form = () => actor.getSnapshot().children.form as WorkOrderFormRef;
  // No form while the success dialog and the stock warning show.
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && s.matches({ cities: 'none' }) && !(s.children.form as WorkOrderFormRef | undefined)?.getSnapshot().hasTag('busy'));
  return { actor, form, calls, settled };
}

const listEvent: fc.Arbitrary<WorkOrdersPageEvent> = fc.oneof(
  fc.record({ type: fc.constant('search.change' as const), text: fc.constantFrom('', 'EV2026', ' EV1 ') }),
  fc.constant({ type: 'search.submit' as const }),
  fc.record({ type: fc.constant('status.choose' as const), status: fc.constantFrom(null, 0 as const, 1 as const) }),
  fc.record({ type: fc.constant('date.choose' as const), dateType: fc.constantFrom('' as const, 'T' as const, 'montimeo7' as const, 'Year' as const) }),
  fc.record({ type: fc.constant('page.choose' as const), page: fc.integer({ min: -1, max: 5 }) }),
  fc.record({ type: fc.constant('language.change' as const), language: fc.constantFrom('zh' as const, 'en' as const) }),
);

/** Fills the form and submits it: the machine, the contact data, a province and city, a part, the content. */
async function submitOrder(harness: ReturnType<typeof start>, part: { id: string; hasThreshold: boolean }, threshold = '') {
  const { actor, form } = harness;
  actor.send({ type: 'form.open' });
  for (const [field, value] of Object.entries(COMPLETE) as Array<['orderNumber' | 'company' | 'content', string]>) form().send({ type: 'field.change', field, value });
  actor.send({ type: 'province.choose', id: '370000', name: '山东省' });
  await waitFor(actor, (s) => s.context.cities.length > 0);
  form().send({ type: 'city.choose', id: actor.getSnapshot().context.cities[0]!.id, name: actor.getSnapshot().context.cities[0]!.name });
  form().send({ type: 'part.choose', ...part });
  form().send({ type: 'field.change', field: 'threshold', value: threshold });
  form().send({ type: 'submit' });
}

describe('the one-click repair page machine (spec 3 section 4)', () => {
  it('shows the answer to the last query and language, whatever is sent meanwhile and however slow the answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listEvent, { maxLength: 12 }), fc.infiniteStream(fc.integer({ min: 0, max: 3 })), async (events, delays) => {
        const harness = start({ delays: () => delays.next().value });
        const { actor } = harness;
        for (const event of events) {
          actor.send(event);
          if (delays.next().value === 0) await tick();
        }
        await harness.settled();
        const { query, language, rows, search } = actor.getSnapshot().context;
        expect(query.page).toBeGreaterThanOrEqual(1);
        expect(rows.map((r) => JSON.parse(r.company))).toEqual([{ ...query, language }]);
        // The search box searches only what was submitted.
        const lastSubmit = events.findLastIndex((e) => e.type === 'search.submit');
        const typedThen = events.slice(0, lastSubmit + 1).findLast((e) => e.type === 'search.change');
        expect(query.eventNum).toBe(lastSubmit < 0 ? '' : typedThen?.type === 'search.change' ? typedThen.text.trim() : '');
        expect(search).toBe(events.findLast((e) => e.type === 'search.change')?.type === 'search.change' ? (events.findLast((e) => e.type === 'search.change') as { text: string }).text : '');
        actor.stop();
      }),
      FC,
    );
  });

  it('loads again only what an event is about: a filter the list alone, a province its cities alone, a language the lists and choices; the form keeps what was typed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(listEvent, fc.constant({ type: 'province.choose' as const, id: '370000', name: '山东省' })), { maxLength: 12 }), async (events) => {
        const harness = start();
        const { actor, form, calls } = harness;
        await harness.settled();
        actor.send({ type: 'form.open' });
        form().send({ type: 'field.change', field: 'content', value: 'E203 nozzle collision' });
        const first = form();
        let language = 'en';
        let languages = 0;
        let lists = 0;
        for (const event of events) {
          if (event.type === 'language.change' && event.language !== language) (language = event.language), languages++;
          if (event.type !== 'search.change' && event.type !== 'province.choose' && !(event.type === 'language.change' && languages === 0)) lists++;
          actor.send(event);
          await harness.settled();
        }
        expect(form()).toBe(first);
        expect(form().getSnapshot().context.values.content).toBe('E203 nozzle collision');
        expect([calls.machines, calls.provinces, calls.parts, calls.thresholds]).toEqual([1, 1, 1, 1].map((n) => n + languages));
        expect(calls.cities).toHaveLength(events.filter((e) => e.type === 'province.choose').length);
        expect(actor.getSnapshot().matches({ order: { editing: 'open' } })).toBe(true);
        actor.stop();
      }),
      FC,
    );
  });

  it('after an accepted order: the success, a reset form, the list once more, no choice loaded again, and the stock warning when the signal is 2 or 0', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 2),
        fc.record({ id: fc.constantFrom('1', '7'), hasThreshold: fc.boolean() }),
        fc.constantFrom('', '4'),
        fc.integer({ min: 0, max: 2 }),
        async (signal, part, threshold, delay) => {
          const harness = start({ delays: () => delay, answer: () => ({ kind: 'accepted', eventNum: 'EV202612020009', signal }) });
          const { actor, form, calls } = harness;
          await harness.settled();
          const before = { ...calls, cities: calls.cities.length };
          await submitOrder(harness, part, threshold);
          await waitFor(actor, (s) => s.matches({ order: 'succeeded' }));
          await harness.settled();
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches({ order: 'succeeded' })).toBe(true);
          const thresholdSent = !part.hasThreshold && threshold !== '';
          expect(calls.submitted.map((v) => v.threshold)).toEqual([thresholdSent ? threshold : '']);
          expect(snapshot.context.accepted).toEqual({ eventNum: 'EV202612020009', signal, thresholdSaved: thresholdSent, partId: part.id });
          // One load of the list after the acceptance, and none of the choices.
          expect(calls.orders).toBe(before.orders + 1);
          expect([calls.machines, calls.provinces, calls.parts, calls.thresholds]).toEqual([before.machines, before.provinces, before.parts, before.thresholds]);
          expect(calls.cities).toHaveLength(before.cities + 1);
          // A part with a threshold saved with the order offers no threshold field next time.
          expect(snapshot.context.partsWithThreshold.includes(Number(part.id))).toBe(part.id === '1' || thresholdSent);
          expect(snapshot.context.cities).toEqual([]);
          actor.send({ type: 'notice.acknowledge' });
          expect(actor.getSnapshot().matches({ order: 'stockWarning' })).toBe(offersStockPage(signal));
          if (offersStockPage(signal)) actor.send({ type: 'notice.acknowledge' });
          expect(actor.getSnapshot().matches({ order: { editing: 'closed' } })).toBe(true);
          // The next form starts from the defaults.
          expect(form().getSnapshot().context.values).toMatchObject({ ...CONTACT, orderNumber: '', sparePartId: '', content: '', province: '', city: '' });
          actor.stop();
        },
      ),
      FC,
    );
  });

  it('keeps the form open with the refusal, its values kept, and loads nothing again', async () => {
    const harness = start({ answer: () => ({ kind: 'refused', message: 'This machine is not bound to your account' }) });
    const { actor, form, calls } = harness;
    await harness.settled();
    const orders = calls.orders;
    await submitOrder(harness, { id: '7', hasThreshold: false }, '3');
    await waitFor(form(), (s) => s.matches('editing') && s.context.serverError !== '');
    expect(actor.getSnapshot().matches({ order: { editing: 'open' } })).toBe(true);
    expect(form().getSnapshot().context.values).toMatchObject({ ...COMPLETE, sparePartId: '7', threshold: '3' });
    expect(calls.orders).toBe(orders);
    actor.send({ type: 'form.close' });
    actor.send({ type: 'form.open' });
    expect(form().getSnapshot().context.values.content).toBe(COMPLETE.content);
  });

  it('lists the cities of the province chosen last, and tells the form', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('', '370000', '440000'), { minLength: 1, maxLength: 6 }), fc.infiniteStream(fc.integer({ min: 0, max: 3 })), async (provinces, delays) => {
        const harness = start({ delays: () => delays.next().value });
        const { actor, form } = harness;
        actor.send({ type: 'form.open' });
        for (const id of provinces) {
          actor.send({ type: 'province.choose', id, name: id });
          if (delays.next().value === 0) await tick();
        }
        await harness.settled();
        const last = provinces.at(-1)!;
        expect(form().getSnapshot().context.values.province).toBe(last);
        expect(actor.getSnapshot().context.cities.map((c) => c.name)).toEqual(last ? [`city of ${last}`] : []);
        actor.stop();
      }),
      FC,
    );
  });

  it('opens the form at once when asked (a live page alarm), with its pre-filled values, only that once', async () => {
    const { actor, form } = start({ openAtStart: true, defaults: { ...CONTACT, orderNumber: 'G3015-240101', content: 'Alarm E203' } });
    expect(actor.getSnapshot().matches({ order: { editing: 'open' } })).toBe(true);
    expect(form().getSnapshot().context.values).toMatchObject({ orderNumber: 'G3015-240101', content: 'Alarm E203' });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().matches({ order: { editing: 'closed' } })).toBe(true);
  });

  it("finds the order it is asked for at once (a bell message's link to a label request's order), in the search box too", async () => {
    const { actor, settled } = start({ eventNum: ' EV202612020007 ' });
    await settled();
    expect(actor.getSnapshot().context.search).toBe('EV202612020007');
    expect(actor.getSnapshot().context.query).toMatchObject({ eventNum: 'EV202612020007', page: 1 });
    expect(JSON.parse(actor.getSnapshot().context.rows[0]!.company)).toMatchObject({ eventNum: 'EV202612020007' });
  });
});
