import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPrivateMosquitto, type PrivateMosquitto } from '../../scripts/faults/private-services';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { connectMqtt, livePayload } from '../support/mqtt-clients';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 22, item 2: with MQTT_URL the relay took live data and machine events through one client,
// and mqtt.js reads a connection's next packet only once the last one is handled; an event is
// handled when it is stored (then acknowledged). So every machine's live data waited behind each
// event's insert, one at a time: after a Mosquitto restart, behind the events queued meanwhile,
// the pages were live again seconds late under load, and a slow database held live data still.

const alarm = (id: string) => JSON.stringify({ EventId: id, ErrorType: 'E1', ErrorContent: 'test', ErrorDate: '2026-11-20T05:00:00Z' });

let mosquitto: PrivateMosquitto;
let portal: TestPortal;
const clients: MqttClient[] = [];

beforeAll(async () => {
  mosquitto = await startPrivateMosquitto();
  portal = await createTestPortal({ MQTT_URL: `mqtt://127.0.0.1:${mosquitto.port}`, MQTT_CLIENT_ID: `portal-beside-${process.pid}` });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await portal?.close();
  await mosquitto?.close();
});

const machine = async (orderNumber: string) => {
  const client = await connectMqtt(`mqtt://127.0.0.1:${mosquitto.port}`, { clientId: orderNumber, username: `machine:${orderNumber}`, password: machinePassword(portal.app.telemetry.deviceKey, orderNumber) });
  clients.push(client);
  return client;
};

it('takes in live data while machine events wait for the database', async () => {
  const withEvents = await machine('T3015-BESIDE1');
  const live = await machine('G3015-BESIDE2');
  const stored = async (id: string) => (await portal.services.infrastructure.database.pool.query('select 1 from machine_alarms where event_id = $1', [id])).rowCount;

  // The alarms table locked by another transaction: the relay's insert of the event waits.
  const lock = await portal.services.infrastructure.database.pool.connect();
  try {
    await lock.query('begin');
    await lock.query('lock table machine_alarms in exclusive mode');
    // Mosquitto takes it (and acknowledges it to the machine); the relay's insert waits for the table.
    await withEvents.publishAsync('T3015-BESIDE1/event/alarm', alarm('beside-1'), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored('beside-1')).toBe(0);

    // Live data of another machine, sent after the event, is taken in meanwhile.
    const sending = setInterval(() => live.publish('G3015-BESIDE2', livePayload({ State: 3, Voltage: 4200 })), 200);
    try {
      await expect.poll(() => portal.app.telemetry.live.latest('G3015-BESIDE2', 5_000)?.values.Voltage, { timeout: 3_000, message: 'live data while an event waits for the database' }).toBe(4200);
    } finally {
      clearInterval(sending);
    }
    await lock.query('rollback');
    // The event is stored once the table is free.
    await expect.poll(() => stored('beside-1'), { timeout: 5_000 }).toBe(1);
  } finally {
    lock.release();
  }
});
