import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadDeviceKey } from '../server/telemetry/device-key';
import { DEMO_FLEET } from '../seed/devices.seed';
import { machineKindOf } from '../domain/devices/machine-kind';
import { FleetSimulator, type SimulatedMachineSpec } from '../server/simulator/fleet-simulator';

// `npm run simulate -- --machines N --rate R [--url mqtt://127.0.0.1:1884] [--device-key K | --data-dir ./data]`
// Drives N simulated machines (SIM-000001 ...; without --machines, the demo fleet) against any broker.
// `npm run simulate -- --fail <order number> [--seconds S] [--portal http://127.0.0.1:8080] [--kind sheet|tube]`
// makes one machine fail now (issue 39): the running portal's own simulator fails it when it is one
// of its demo machines (a second connection as the same machine would knock the portal's off);
// otherwise this process connects as the machine and publishes the failure for S seconds.
const { values } = parseArgs({
  options: {
    fail: { type: 'string' },
    portal: { type: 'string', default: process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    kind: { type: 'string', default: 'sheet' },
    machines: { type: 'string' },
    rate: { type: 'string', default: '1' },
    url: { type: 'string', default: process.env.SIM_MQTT_URL ?? 'mqtt://127.0.0.1:1884' },
    'device-key': { type: 'string', default: process.env.DEVICE_KEY },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
    prefix: { type: 'string', default: 'SIM' },
    seconds: { type: 'string' },
  },
});

if (values.fail) await failOne(values.fail, Number(values.seconds ?? 90));

async function failOne(orderNumber: string, seconds: number): Promise<never> {
  const asked = await fetch(`${values.portal}/dev/simulator/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ OrderNumber: orderNumber, Seconds: seconds }),
  }).catch(() => null);
  if (asked?.ok) {
    console.log(`the portal's simulator failed ${orderNumber} for ${seconds} s`);
    process.exit(0);
  }
  const demo = DEMO_FLEET.find((m) => m.orderNumber === orderNumber);
  const kind = demo ? machineKindOf(demo.seriesName) : values.kind === 'tube' ? 'tube' : 'sheet';
  const deviceKey = loadDeviceKey(path.resolve(values['data-dir']!), values['device-key'] ?? null);
  const one = new FleetSimulator({ url: values.url!, deviceKey, machines: [{ orderNumber, kind, ratedPowerKw: demo?.laserPowerKw ?? 6 }], rate: 1, log: console });
  await one.start();
  one.fail(orderNumber, seconds);
  console.log(`${orderNumber} (${kind}) fails for ${seconds} s, published to ${values.url}`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 2000));
  await one.stop();
  process.exit(0);
}

const count = values.machines === undefined ? null : Number(values.machines);
const rate = Number(values.rate);
if ((count !== null && (!Number.isInteger(count) || count < 1)) || !(rate > 0)) {
  console.error('usage: npm run simulate -- --machines N --rate R [--url mqtt://host:port] [--device-key KEY | --data-dir DIR] [--seconds S]');
  process.exit(2);
}

const machines: SimulatedMachineSpec[] =
  count === null
    ? DEMO_FLEET.map((m) => ({ orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName), ratedPowerKw: m.laserPowerKw }))
    : Array.from({ length: count }, (_, i) => ({
        orderNumber: `${values.prefix}-${String(i + 1).padStart(6, '0')}`,
        kind: i % 2 ? 'tube' : 'sheet',
        ratedPowerKw: [3, 6, 12, 20][i % 4],
      }));

const deviceKey = loadDeviceKey(path.resolve(values['data-dir']!), values['device-key'] ?? null);
const simulator = new FleetSimulator({ url: values.url!, deviceKey, machines, rate, log: console });
await simulator.start();
console.log(`simulating ${machines.length} machines at ${rate}/s against ${values.url}: ${simulator.connected} connected`);

const report = setInterval(() => console.log(`published ${simulator.published}, connected ${simulator.connected}`), 10_000);
const stop = async () => {
  clearInterval(report);
  await simulator.stop();
  console.log(`stopped after ${simulator.published} messages`);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (values.seconds) setTimeout(stop, Number(values.seconds) * 1000);
