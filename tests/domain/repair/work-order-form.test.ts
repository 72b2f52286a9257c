import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { offersStockPage, parseThreshold, stockSignal, thresholdProblem } from '../../../src/domain/repair/stock-threshold';
import { dateWindow, DATE_TYPES } from '../../../src/domain/repair/work-order-dates';
import {
  canSubmit,
  cityEnabled,
  EMPTY_WORK_ORDER,
  showsThreshold,
  workOrderFormMachine,
  type SubmitOrderAnswer,
  type WorkOrderFormEvent,
  type WorkOrderFormValues,
} from '../../../src/domain/repair/work-order-form.machine';
import { workOrderProblems } from '../../../src/domain/repair/work-order-rules';
import { canMove, nextStep, type WorkOrderStep } from '../../../src/domain/repair/work-order-status';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20261124) };

const texts = fc.oneof(fc.constant(''), fc.constant('   '), fc.constant('\n\t'), fc.string({ maxLength: 12 }), fc.constantFrom('+86 531 8888', 'a@b.cn', 'x@y.c', 'no digits'));
const editEvent: fc.Arbitrary<WorkOrderFormEvent> = fc.oneof(
  fc.record({
    type: fc.constant('field.change' as const),
    field: fc.constantFrom('orderNumber', 'phone', 'email', 'company', 'content', 'userName', 'threshold') as fc.Arbitrary<
      'orderNumber' | 'phone' | 'email' | 'company' | 'content' | 'userName' | 'threshold'
    >,
    value: texts,
  }),
  fc.record({ type: fc.constant('province.choose' as const), id: fc.constantFrom('', '370000', '440000'), name: fc.constantFrom('山东省', 'Guangdong') }),
  fc.record({ type: fc.constant('city.choose' as const), id: fc.constantFrom('', '370100', '440300'), name: fc.constantFrom('济南市', 'Shenzhen') }),
  fc.record({ type: fc.constant('part.choose' as const), id: fc.constantFrom('', '1', '7'), hasThreshold: fc.boolean() }),
  fc.record({ type: fc.constant('submit' as const) }),
);

const COMPLETE: Partial<WorkOrderFormValues> = {
  orderNumber: 'G3015-240101',
  phone: '+86 531 8888 0000',
  email: 'owner@factory.cn',
  company: 'Jinan Sheet Metal',
  content: 'E101 nozzle collision',
};

function start(answer: (values: WorkOrderFormValues) => SubmitOrderAnswer = () => ({ kind: 'accepted', eventNum: 'EV202611210001', signal: 1 }), defaults: Partial<WorkOrderFormValues> = {}) {
  const submitted: WorkOrderFormValues[] = [];
  const actor = createActor(
    workOrderFormMachine.provide({
      actors: {
        submitOrder: fromPromise(async ({ input }) => {
          submitted.push(input);
          return answer(input);
        }),
      },
    }),
    { input: { defaults } },
  ).start();
  return { actor, submitted };
}

describe('the work-order form machine (spec 3 section 5)', () => {
  it('submits only when every rule holds, and never with a city but no province', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editEvent, { maxLength: 25 }), async (events) => {
        const { actor, submitted } = start();
        for (const event of events) {
          const before = actor.getSnapshot();
          if (before.status === 'done') break;
          const wasEditing = before.matches('editing');
          const allowed = canSubmit(before.context);
          actor.send(event);
          const after = actor.getSnapshot();
          if (event.type === 'submit' && wasEditing) expect(after.matches('submitting') || after.status === 'done').toBe(allowed);
          if (!after.context.values.province) expect(after.context.values.city).toBe('');
          expect(cityEnabled(after.context)).toBe(!!after.context.values.province);
          await waitFor(actor, (s) => !s.hasTag('busy'));
        }
        for (const values of submitted) {
          expect(workOrderProblems(values)).toEqual({});
          expect(values.content.trim()).not.toBe('');
          expect(/\d/.test(values.phone)).toBe(true);
        }
        actor.stop();
      }),
      FC,
    );
  });

  it('sends a typed threshold with the order only when the chosen part had none, and ends with what was accepted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.constantFrom('', '5', ' 0 ', '-1', 'abc'), fc.constantFrom(0, 1, 2), async (hasThreshold, threshold, signal) => {
        const { actor, submitted } = start(() => ({ kind: 'accepted', eventNum: 'EV202611210002', signal }), { ...COMPLETE, province: '370000', provinceName: '山东省' });
        actor.send({ type: 'city.choose', id: '370100', name: '济南市' });
        actor.send({ type: 'part.choose', id: '7', hasThreshold });
        actor.send({ type: 'field.change', field: 'threshold', value: threshold });
        expect(showsThreshold(actor.getSnapshot().context)).toBe(!hasThreshold);
        actor.send({ type: 'submit' });
        await waitFor(actor, (s) => !s.hasTag('busy'));
        const invalid = !hasThreshold && threshold.trim() !== '' && thresholdProblem(threshold) !== null;
        if (invalid) {
          expect(submitted).toHaveLength(0);
          expect(actor.getSnapshot().matches('editing')).toBe(true);
          return;
        }
        const sent = !hasThreshold && threshold.trim() !== '' ? String(Number(threshold)) : '';
        expect(submitted.map((v) => v.threshold)).toEqual([sent]);
        expect(actor.getSnapshot().status).toBe('done');
        expect(actor.getSnapshot().output).toEqual({ eventNum: 'EV202611210002', signal, thresholdSaved: sent !== '', partId: '7' });
        actor.stop();
      }),
      FC,
    );
  });

  it('starts from its defaults without a part or a threshold, and a city only with its province', () => {
    expect(start(undefined, { ...COMPLETE, sparePartId: '7', threshold: '3', city: '370100' }).actor.getSnapshot().context.values).toMatchObject({ ...COMPLETE, sparePartId: '', threshold: '', city: '' });
  });

  it('keeps the values and shows the refusal when the server refuses', async () => {
    const { actor } = start(() => ({ kind: 'refused', message: 'This machine is not bound to your account' }), { ...COMPLETE, province: '370000', provinceName: '山东省', city: '370100', cityName: '济南市' });
    actor.send({ type: 'part.choose', id: '1', hasThreshold: true });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.serverError).toBe('This machine is not bound to your account');
    expect(actor.getSnapshot().context.values.content).toBe(COMPLETE.content);
  });

  it('clears the city when the province changes', () => {
    const { actor } = start();
    actor.send({ type: 'province.choose', id: '370000', name: '山东省' });
    actor.send({ type: 'city.choose', id: '370100', name: '济南市' });
    actor.send({ type: 'province.choose', id: '440000', name: '广东省' });
    expect(actor.getSnapshot().context.values).toMatchObject({ province: '440000', city: '', cityName: '' });
    expect(EMPTY_WORK_ORDER.city).toBe('');
  });
});

describe('the stock threshold rule (stock edit and the optional form field)', () => {
  it('accepts exactly the whole numbers from 0, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -1000, max: 1000 }).map(String), fc.integer({ min: 0, max: 99999 })), (value) => {
        const problem = thresholdProblem(value);
        const text = String(value).trim();
        if (!text) expect(problem).toBe('required');
        else if (/^\d+$/.test(text)) {
          expect(problem).toBeNull();
          expect(parseThreshold(value)).toBe(Number(text));
          expect(parseThreshold(value)).toBeGreaterThanOrEqual(0);
        } else expect(problem).toBe('invalid');
      }),
      FC,
    );
  });

  it('signals 0 without a threshold, 2 at or above it, 1 below it; 2 and 0 offer the stock page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }), (count, threshold) => {
        const signal = stockSignal(count, threshold);
        expect(signal).toBe(threshold === null ? 0 : count >= threshold ? 2 : 1);
        expect(offersStockPage(signal)).toBe(signal !== 1);
      }),
      FC,
    );
    expect([stockSignal(2, 3), stockSignal(3, 3), stockSignal(3, null)]).toEqual([1, 2, 0]);
  });
});

describe('the quick date filters and the steps', () => {
  it('are windows of whole UTC days that contain now (yesterday excepted) and nest T ⊂ 7 ⊂ 30', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (now) => {
        for (const type of DATE_TYPES) {
          const w = dateWindow(type, now);
          if (!w) continue;
          expect(w.from.getUTCHours() + w.from.getUTCMinutes() + w.from.getUTCSeconds() + w.from.getUTCMilliseconds()).toBe(0);
          if (type === 'Y') expect(w.to.getTime()).toBeLessThanOrEqual(now.getTime());
          else expect(w.from.getTime() <= now.getTime() && now.getTime() < w.to.getTime()).toBe(true);
        }
        const t = dateWindow('T', now)!;
        const seven = dateWindow('montimeo7', now)!;
        const thirty = dateWindow('montimeo30', now)!;
        expect(seven.to).toEqual(t.to);
        expect(thirty.from.getTime()).toBeLessThan(seven.from.getTime());
        expect(t.to.getTime() - seven.from.getTime()).toBe(7 * 86_400_000);
        expect(t.to.getTime() - thirty.from.getTime()).toBe(30 * 86_400_000);
      }),
      FC,
    );
  });

  it('moves one step forward only', () => {
    const steps: WorkOrderStep[] = [0, 1, 2];
    for (const from of steps) for (const to of steps) expect(canMove(from, to)).toBe(to === from + 1);
    expect(nextStep(2)).toBeNull();
  });
});
