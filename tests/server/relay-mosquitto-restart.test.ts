import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateMosquitto, type PrivateMosquitto } from '../../scripts/faults/private-services';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { connectMqtt } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 22, item 2: the external broker restarted under a portal (MQTT_URL). A Mosquitto of the
// test's own (the machine's one on 1883 serves other tests), with persistence, stopped and started
// again: the events machines publish afterwards must still reach the portal through its shared
// subscription. Before the fix every one of them was lost (Mosquitto 2.0.11 restores the session's
// shared subscription from its file but delivers nothing through it until it is unsubscribed).

const run = randomBytes(4).toString('hex');
let mosquitto: PrivateMosquitto;
let portal: TestPortal;
let machine: MqttClient;
const orderNumber = `G3015-RS${run}`;
const alarm = (id: string) => JSON.stringify({ EventId: id, ErrorType: 'E1', ErrorContent: 'test', ErrorDate: '2026-11-20T05:00:00Z' });
const stored = async (ids: string[]) =>
  (await portal.services.infrastructure.database.pool.query<{ n: number }>('select count(*)::int n from machine_alarms where order_number = $1 and event_id = any($2)', [orderNumber, ids])).rows[0]!.n;

beforeAll(async () => {
  mosquitto = await startPrivateMosquitto();
  portal = await createTestPortal({ MQTT_URL: `mqtt://127.0.0.1:${mosquitto.port}`, MQTT_CLIENT_ID: `portal-rs-${run}` });
});
afterAll(async () => {
  await machine?.endAsync(true);
  await portal?.close();
  await mosquitto?.close();
});

describe('a Mosquitto restart under the relay', () => {
  it('keeps delivering machine events to the portal, every restart', async () => {
    const connectMachine = () => connectMqtt(`mqtt://127.0.0.1:${mosquitto.port}`, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) });
    machine = await connectMachine();
    await machine.publishAsync(`${orderNumber}/event/alarm`, alarm('before'), { qos: 1 });
    await expect.poll(() => stored(['before']), { timeout: 5_000 }).toBe(1);

    for (const round of [1, 2]) {
      await machine.endAsync(true);
      await mosquitto.stop();
      await mosquitto.start();
      // The relay reconnects within its 2 s period.
      await expect.poll(() => portal.app.telemetry.stats().externalConnected, { timeout: 10_000 }).toBe(true);
      machine = await connectMachine();
      const ids = Array.from({ length: 5 }, (_, i) => `after-${round}-${i}`);
      for (const id of ids) await machine.publishAsync(`${orderNumber}/event/alarm`, alarm(id), { qos: 1 });
      await expect.poll(() => stored(ids), { timeout: 10_000, message: `events after restart ${round}` }).toBe(ids.length);
    }
  });
});
