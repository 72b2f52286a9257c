import mqttPacket from 'mqtt-packet';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { acknowledgePromptly, ExternalRelay, LIVE_CLIENT_SUFFIX } from '../../src/server/telemetry/external-relay';

// Issue 36, item 5: with MQTT_URL (Mosquitto) the pages received live data up to 45 ms late at
// 1,000 machines (p99 46 ms, the embedded broker 2 ms). The relay's live client only receives;
// Mosquitto sends with Nagle's algorithm on (set_tcp_nodelay defaults to false) and holds its next
// small segment until the last is acknowledged, and Linux delays the acknowledgement of one
// same-sized segment by 40 ms when nothing goes back. The relay now answers each read with a
// PINGREQ on a socket without Nagle, which carries the acknowledgement at once. Here a broker of
// the test's own (mqtt-packet on a TCP server) sees what the relay's clients write.

interface Connection {
  clientId: string;
  socket: Socket;
  /** The packets the client sent, in order. */
  packets: mqttPacket.Packet[];
  subscribed: Promise<void>;
}

let server: Server;
let port: number;
const connections: Connection[] = [];
let relay: ExternalRelay;
const setNoDelay = vi.spyOn(Socket.prototype, 'setNoDelay');

const write = (socket: Socket, packet: Record<string, unknown>) => socket.write(mqttPacket.generate(packet as unknown as mqttPacket.Packet, { protocolVersion: 5 }));
const live = (socket: Socket) => write(socket, { cmd: 'publish', topic: 'T3015-ACK1', payload: Buffer.from('[{"KEY":"State","VALUE":3}]'), qos: 0, retain: false, dup: false });
const pings = (c: Connection) => c.packets.filter((p) => p.cmd === 'pingreq').length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((socket) => {
    const parser = mqttPacket.parser({ protocolVersion: 5 });
    let subscribed!: () => void;
    const connection: Connection = { clientId: '', socket, packets: [], subscribed: new Promise((resolve) => (subscribed = resolve)) };
    connections.push(connection);
    parser.on('packet', (packet) => {
      connection.packets.push(packet);
      if (packet.cmd === 'connect') {
        connection.clientId = packet.clientId;
        write(socket, { cmd: 'connack', sessionPresent: false, reasonCode: 0 });
      } else if (packet.cmd === 'subscribe') {
        write(socket, { cmd: 'suback', messageId: packet.messageId, granted: packet.subscriptions.map(() => 0) });
        subscribed();
      } else if (packet.cmd === 'unsubscribe') {
        write(socket, { cmd: 'unsuback', messageId: packet.messageId, granted: packet.unsubscriptions.map(() => 0) });
      } else if (packet.cmd === 'pingreq') {
        write(socket, { cmd: 'pingresp' });
      }
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await relay?.close();
  setNoDelay.mockRestore();
  for (const { socket } of connections) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

it("acknowledges live data at once: the relay's live client has Nagle off and answers a read with a PINGREQ", async () => {
  relay = await ExternalRelay.open(
    `mqtt://127.0.0.1:${port}`,
    { clientId: 'portal-prompt-acks', events: 'each' },
    {
      access: { authenticate: async () => null, canPublish: () => false, canSubscribe: async () => false },
      machines: { live: () => {}, event: () => false },
      log: { info: () => {}, warn: () => {} },
    },
  );
  const liveClient = connections.find((c) => c.clientId === `portal-prompt-acks${LIVE_CLIENT_SUFFIX}`)!;
  await liveClient.subscribed;
  // Its own socket (whose local port is the server side's remote port) sends without Nagle.
  const own = setNoDelay.mock.contexts.findIndex((socket) => (socket as Socket).localPort === liveClient.socket.remotePort);
  expect(own).toBeGreaterThanOrEqual(0);
  expect(setNoDelay.mock.calls[own]).toEqual([true]);
  // keepalive is 30 s: without the fix no PINGREQ comes within this test.
  live(liveClient.socket);
  await expect.poll(() => pings(liveClient), { timeout: 2_000, message: 'a PINGREQ after the live message' }).toBeGreaterThan(0);
});

it('answers its own PINGRESPs at most once per follow-up interval, and not at all once live data has stopped for activeMs', async () => {
  // A client socket of its own on the same test broker, taken by the acknowledger alone.
  const socket = new Socket();
  await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
  await expect.poll(() => connections.find((c) => c.socket.remotePort === socket.localPort)).toBeTruthy();
  const broker = connections.find((c) => c.socket.remotePort === socket.localPort)!;
  const [followUpMs, activeMs] = [5, 300];
  acknowledgePromptly(socket, { followUpMs, activeMs });
  try {
    const started = performance.now();
    live(broker.socket);
    await sleep(200);
    // A PINGRESP answered at once would be a loop at the loopback's speed (thousands here).
    expect(pings(broker)).toBeGreaterThan(1);
    expect(pings(broker)).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / followUpMs) + 2);
    // Past activeMs without live data the PINGRESPs are left to the kernel's delayed acknowledgement.
    await sleep(activeMs + 100 - 200);
    const settled = pings(broker);
    await sleep(200);
    expect(pings(broker)).toBe(settled);
  } finally {
    socket.destroy();
  }
});
