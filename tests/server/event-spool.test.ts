import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EventSpool } from '../../src/server/simulator/event-spool';

// The simulated machines' event spool (issue 22, item 2) against a real aedes broker and mqtt.js:
// the broker refuses events it cannot store by closing the connection, as the portal's does while
// PostgreSQL is away; every event must still arrive once the broker takes them again.
let broker: Aedes | null = null;
let server: Server | null = null;
let client: MqttClient | null = null;

afterEach(async () => {
  await client?.endAsync(true);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (broker ? broker.close(() => resolve()) : resolve()));
  client = null;
  server = null;
  broker = null;
});

/** A broker that refuses (closes the connection on) every event while `refusing()` says so, and keeps the ones it took. */
async function refusingBroker(refusing: () => boolean): Promise<{ url: string; stored: string[] }> {
  const stored: string[] = [];
  broker = await Aedes.createBroker();
  broker.authorizePublish = (_client, packet, done) => {
    if (refusing()) return done(new Error('cannot store now'));
    stored.push(String(packet.payload));
    done(null);
  };
  server = createServer(broker.handle);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`, stored };
}

const until = async (condition: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return condition();
};

describe('a simulated machine keeps each event until the broker acknowledges it', () => {
  it('delivers every event published while the broker refused them, each at least once, and then holds none', async () => {
    let refusals = 0;
    const { url, stored } = await refusingBroker(() => refusals-- > 0);
    client = mqtt.connect(url, { clientId: 'G1', protocolVersion: 4, reconnectPeriod: 100, clean: true });
    client.on('error', () => {});
    await new Promise((resolve) => client!.once('connect', resolve));
    const spool = new EventSpool(client);

    // Three refusals close the connection three times while events keep coming.
    refusals = 3;
    const sent = Array.from({ length: 40 }, (_, i) => `event-${i}`);
    for (const event of sent) {
      spool.publish('G1/event/alarm', event);
      spool.retry();
      await new Promise((r) => setTimeout(r, 20));
    }
    const allThere = await until(() => {
      spool.retry();
      return sent.every((e) => stored.includes(e)) && spool.pending === 0;
    }, 20_000);

    expect(sent.filter((e) => !stored.includes(e)), 'events never stored').toEqual([]);
    expect(allThere).toBe(true);
    expect(refusals, 'the broker refused three times').toBeLessThan(0);
  });

  it('keeps events while the machine is offline and sends them when it connects', async () => {
    const { url, stored } = await refusingBroker(() => false);
    const port = new URL(url).port;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    client = mqtt.connect(url, { clientId: 'G2', protocolVersion: 4, reconnectPeriod: 100, clean: true });
    client.on('error', () => {});
    const spool = new EventSpool(client);
    spool.publish('G2/event/alarm', 'while-away');
    expect(spool.pending).toBe(1);

    server = createServer(broker!.handle);
    await new Promise<void>((resolve) => server!.listen(Number(port), '127.0.0.1', resolve));
    expect(await until(() => stored.includes('while-away') && spool.pending === 0, 10_000)).toBe(true);
  });
});
