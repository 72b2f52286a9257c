import { ownCompanyCaller } from '../../src/server/services/session.service';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateMosquitto, type PrivateMosquitto } from '../../scripts/faults/private-services';
import { DataService } from '../../src/server/telemetry/data-service';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { LiveValues } from '../../src/server/telemetry/live-values';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { connectMqtt, listenForPages, livePayload, openDataSocket, serveDataService } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 22, item 2: after a Mosquitto restart a sheet page was live again only at its next query
// (every 2 s) after its machine's values were back, so it came back up to 2 s after the tube page
// of the same machine, and the restart's reconnect p95 sat at the 5 s target. The data service now
// answers a query it answered offline again, with the same id, as soon as the machine's next message
// comes (docs/RELIABILITY.md, "Restarts under live pages").

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the data service answers an offline machine again when it is back', () => {
  const MACHINE = 'G3015-RETURN';
  let now = Date.now();
  let owner = 'u1';
  const live = new LiveValues(() => now);
  const service = new DataService({
    live,
    authenticateToken: async (token) => (token === 'good' ? ownCompanyCaller('u1', 'h1') : null),
    ownsMachine: async (userId, orderNumber) => orderNumber === MACHINE && userId === owner,
    now: () => now,
  });
  let url: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, close: stop } = await serveDataService(service));
  });
  afterAll(() => stop());

  const offlineSocket = async (id: number) => {
    const socket = await openDataSocket(url);
    socket.send({ type: 'auth', token: 'good' });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'query', id, orderNumber: MACHINE, keys: ['Voltage'] });
    expect(await socket.next()).toEqual({ type: 'server-message', id, orderNumber: MACHINE, info: 'offline' });
    return socket;
  };

  it('sends the values with the offline query id at the first message, once, without another query', async () => {
    now += 60_000; // whatever came before is stale
    const socket = await offlineSocket(7);
    live.ingest(MACHINE, livePayload({ State: 3, Voltage: 5000 }));
    expect(await socket.next()).toMatchObject({ type: 'values', id: 7, orderNumber: MACHINE, values: { Voltage: 5000 } });
    // Once: the next message waits for the next query.
    live.ingest(MACHINE, livePayload({ Voltage: 5100 }));
    await expect(socket.next(300)).rejects.toThrow('no frame');
    socket.ws.close();
  });

  it('asks the ownership again once its answer is 10 s old, and answers nothing to a closed socket', async () => {
    now += 60_000;
    const socket = await offlineSocket(8);
    // Still the caller's machine: answered.
    now += 11_000;
    live.ingest(MACHINE, livePayload({ Voltage: 5200 }));
    expect(await socket.next()).toMatchObject({ type: 'values', id: 8, values: { Voltage: 5200 } });
    // No longer the caller's (asked again after 10 s): nothing.
    now += 60_000;
    socket.send({ type: 'query', id: 10, orderNumber: MACHINE, keys: ['Voltage'] });
    expect(await socket.next()).toMatchObject({ type: 'server-message', id: 10 });
    owner = 'someone else';
    now += 11_000;
    live.ingest(MACHINE, livePayload({ Voltage: 5250 }));
    await expect(socket.next(300)).rejects.toThrow('no frame');
    owner = 'u1';
    socket.ws.close();
    await socket.closed;

    now += 60_000;
    const closing = await offlineSocket(9);
    closing.ws.close();
    await closing.closed;
    await sleep(50);
    // The closed socket's wait is gone: the machine's next message wakes nobody.
    expect(() => live.ingest(MACHINE, livePayload({ Voltage: 5300 }))).not.toThrow();
    expect((live as unknown as { machines: Map<string, { waiters: unknown }> }).machines.get(MACHINE)?.waiters).toBeNull();
  });
});

describe('a sheet page after a Mosquitto restart', () => {
  let mosquitto: PrivateMosquitto;
  let portal: TestPortal;
  let alice: TestCustomer;
  let sheet: string;
  let dataUrl: string;
  let machine: MqttClient | undefined;

  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    portal = await createTestPortal({ MQTT_URL: `mqtt://127.0.0.1:${mosquitto.port}`, MQTT_CLIENT_ID: `portal-return-${process.pid}` });
    ({ dataUrl } = await listenForPages(portal.app));
    alice = await createCustomer(portal, 'return');
    sheet = await bindNewMachine(portal, alice, 'G');
  });
  afterAll(async () => {
    await machine?.endAsync(true);
    await portal?.close();
    await mosquitto?.close();
  });

  const connectMachine = () =>
    connectMqtt(`mqtt://127.0.0.1:${mosquitto.port}`, { clientId: sheet, username: `machine:${sheet}`, password: machinePassword(portal.app.telemetry.deviceKey, sheet) });

  it('gets its machine values as soon as they are back, not at its next query', async () => {
    machine = await connectMachine();
    machine.publish(sheet, livePayload({ State: 3, Voltage: 5000 }));
    const socket = await openDataSocket(dataUrl);
    socket.send({ type: 'auth', token: alice.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    let id = 0;
    // The answer to this query: one to an earlier query that came late is passed over, or the
    // poll below would take it for this one's and wait on the wrong id.
    const answerTo = async (queryId: number, ms: number) => {
      for (;;) {
        const frame = await socket.next(ms);
        if (frame.id === queryId) return frame;
      }
    };
    const query = async () => {
      socket.send({ type: 'query', id: ++id, orderNumber: sheet, keys: ['State', 'Voltage'] });
      return answerTo(id, 10_000);
    };
    await expect.poll(async () => (await query()).type, { timeout: 30_000, interval: 200 }).toBe('values');

    for (const round of [1, 2]) {
      await machine.endAsync(true);
      await mosquitto.stop();
      // Asked as the page asks, until the data service says offline (5 s without values).
      await expect.poll(async () => (await query()).type, { timeout: 30_000, interval: 1_000 }).toBe('server-message');
      const offlineId = id;
      await mosquitto.start();
      machine = await connectMachine();
      // The machine publishes once a second, as a controller does, from its reconnect on (the relay may still be away).
      const voltage = 5000 + round;
      const publishing = setInterval(() => machine!.publish(sheet, livePayload({ State: 3, Voltage: voltage })), 1_000);
      machine.publish(sheet, livePayload({ State: 3, Voltage: voltage }));
      try {
        // No further query: the answer is the one to the offline query. The wait is a guard (the
        // broker's restart and the relay's reconnect under the suite's load took past 8 s once).
        expect(await answerTo(offlineId, 30_000), `round ${round}`).toMatchObject({ type: 'values', id: offlineId, values: { State: 3, Voltage: voltage } });
      } finally {
        clearInterval(publishing);
      }
    }
    socket.ws.close();
  });
});
