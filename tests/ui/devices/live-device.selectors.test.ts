import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { zeroValues } from '../../../src/domain/telemetry/live-values';
import { sheetLiveMachine, type SheetLiveEvent, type SheetLiveInput, type SheetSocketCommand } from '../../../src/domain/telemetry/sheet-live.machine';
import { buildLiveDeviceView, selectSheetLive, type LivePart, type MachineInfoPart } from '../../../src/ui/devices/live-device.selectors';

const INFO: MachineInfoPart = { status: 'ready', name: 'Cutter', series: 'G', equipmentId: '1', kind: null, error: '', boundByName: '' };
const live = (values: Partial<ReturnType<typeof zeroValues>>, on = true): LivePart => ({
  live: on,
  link: 'connected',
  problem: null,
  values: { ...zeroValues(2), ...values },
  updatedAt: '',
});

describe('live device view model', () => {
  it("takes the server's kind over the route's type for the pictures and gauges", () => {
    const model = buildLiveDeviceView(live({ State: 0 }), { ...INFO, kind: 'sheet' }, { table: 'tube', routeKind: 'tube', orderNumber: 'A-1' });
    expect(model.kind).toBe('sheet');
    expect(model.gauges.map((g) => g.key)).toEqual(['FeedSpeed', 'Power', 'Voltage']);
    expect(model.monitor.map((m) => m.key)).toContain('PunchingNum');
    // The state codes follow the page: deviceInfo reads tube codes.
    expect(model.badge.group).toBe('run');
  });

  it('shows an alarm only for a content or a real type, and never while offline', () => {
    const options = { table: 'tube' as const, routeKind: 'tube' as const, orderNumber: 'A-1' };
    expect(buildLiveDeviceView(live({ ErrorType: '0', ErrorContent: '' }), INFO, options).alarm).toBeNull();
    expect(buildLiveDeviceView(live({ ErrorType: 'E7', ErrorContent: '' }), INFO, options).alarm).toEqual({ type: 'E7', content: '' });
    expect(buildLiveDeviceView(live({ ErrorType: '0', ErrorContent: 'Door open' }), INFO, options).alarm).toEqual({ type: '', content: 'Door open' });
    const offline = buildLiveDeviceView(live({ State: 0, ErrorContent: 'Door open' }, false), INFO, options);
    expect(offline.alarm).toBeNull();
    expect(offline.badge.group).toBe('offline');
    expect(offline.task.running).toBe(false);
  });
});

describe('sheet live selector', () => {
  function sheetActor() {
    let send: (event: SheetLiveEvent) => void = () => {};
    const actor = createActor(
      sheetLiveMachine.provide({
        actors: {
          socket: fromCallback<SheetSocketCommand, SheetLiveInput>(({ sendBack }) => {
            send = sendBack;
          }),
        },
      }),
      { input: { orderNumber: 'S-1' } },
    );
    actor.start();
    return { actor, send: (event: SheetLiveEvent) => send(event) };
  }

  it('names a machine not the caller\'s, a refused login, a refusal and a closed socket', () => {
    const notYours = sheetActor();
    notYours.send({ type: 'socket.refused', refusal: { kind: 'not-yours' } });
    expect(selectSheetLive(notYours.actor.getSnapshot()).problem).toEqual({ id: 'devices.live.error.notYours' });
    notYours.actor.stop();

    const refused = sheetActor();
    refused.send({ type: 'socket.refused', refusal: { kind: 'auth' } });
    expect(selectSheetLive(refused.actor.getSnapshot()).problem).toEqual({ id: 'devices.live.error.auth' });
    refused.actor.stop();

    // A refused login closes the socket too: the page says why, not just that it closed.
    const closed = sheetActor();
    closed.send({ type: 'socket.refused', refusal: { kind: 'auth' } });
    closed.send({ type: 'socket.closed', code: 4401 });
    expect(selectSheetLive(closed.actor.getSnapshot())).toMatchObject({ link: 'reconnecting', problem: { id: 'devices.live.error.auth' } });
    closed.actor.stop();

    const other = sheetActor();
    other.send({ type: 'socket.refused', refusal: { kind: 'refused', message: 'boom' } });
    expect(selectSheetLive(other.actor.getSnapshot()).problem).toEqual({ id: 'devices.live.error.refused', values: { info: 'boom' } });
    other.actor.stop();

    const lost = sheetActor();
    lost.send({ type: 'socket.closed', code: 1006 });
    expect(selectSheetLive(lost.actor.getSnapshot()).problem).toEqual({ id: 'devices.live.error.closed', values: { code: 1006 } });
    lost.actor.stop();
  });
});
