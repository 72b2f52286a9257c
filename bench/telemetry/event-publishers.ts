import mqttPacket from 'mqtt-packet';
import { connect, type Socket } from 'node:net';
import type { PublisherSpec } from './publishers';

/**
 * Machines sending task events with QoS 1 as fast as the broker acknowledges them, each with at
 * most `window` unacknowledged: the acknowledgements counted are events the portal has stored.
 */
export async function publishEvents(port: number, specs: readonly PublisherSpec[], seconds: number, window = 50): Promise<{ acked: number; elapsed: number }> {
  let acked = 0;
  let running = true;
  const sockets: Socket[] = [];
  await Promise.all(
    specs.map(
      (spec) =>
        new Promise<void>((resolve, reject) => {
          const socket = connect({ port, host: '127.0.0.1', noDelay: true });
          sockets.push(socket);
          const parser = mqttPacket.parser({ protocolVersion: 4 });
          let messageId = 0;
          let sequence = 0;
          let inFlight = 0;
          const send = () => {
            while (running && inFlight < window) {
              messageId = (messageId % 65535) + 1;
              sequence++;
              inFlight++;
              const end = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000);
              const body = {
                EventId: `bench-${sequence}`,
                TaskName: 'bench.bnn',
                FileUrl: '',
                CuttingLength: 12.5,
                PunchingNum: 7,
                ProcessingTime: 55,
                EmptyLength: 2,
                StartTime: new Date(end.getTime() - 55_000).toISOString(),
                EndTime: end.toISOString(),
              };
              socket.write(mqttPacket.generate({ cmd: 'publish', topic: `${spec.orderNumber}/event/task`, payload: JSON.stringify(body), qos: 1, messageId, retain: false, dup: false }));
            }
          };
          parser.on('packet', (packet) => {
            if (packet.cmd === 'connack') {
              if (packet.returnCode !== 0) return reject(new Error(`refused ${packet.returnCode}`));
              return resolve();
            }
            if (packet.cmd === 'puback') {
              acked++;
              inFlight--;
              send();
            }
          });
          socket.on('data', (chunk) => parser.parse(chunk));
          socket.on('error', reject);
          socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: spec.orderNumber, keepalive: 0, username: spec.username, password: Buffer.from(spec.password) }));
          (socket as Socket & { start?: () => void }).start = send;
        }),
    ),
  );
  const started = performance.now();
  for (const socket of sockets) (socket as Socket & { start: () => void }).start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  const counted = acked;
  for (const socket of sockets) socket.destroy();
  return { acked: counted, elapsed };
}
