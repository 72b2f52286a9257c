import type { MachineKind, MachineStore } from '../ports/machine-store.port';
import type { MaintenancePlatformPort, RegistryMachine } from '../ports/maintenance-platform.port';
import { machineKindOf } from '../domain/devices/machine-kind';

/** The series the factory builds: G, P, C, H flatbed sheet cutters; T, K, M, Q tube cutters. */
export const SERIES: ReadonlyArray<{ name: string; kind: MachineKind; sort: number }> = [
  { name: 'G', kind: 'sheet', sort: 1 },
  { name: 'P', kind: 'sheet', sort: 2 },
  { name: 'C', kind: 'sheet', sort: 3 },
  { name: 'H', kind: 'sheet', sort: 4 },
  { name: 'T', kind: 'tube', sort: 5 },
  { name: 'K', kind: 'tube', sort: 6 },
  { name: 'M', kind: 'tube', sort: 7 },
  { name: 'Q', kind: 'tube', sort: 8 },
];

const machine = (orderNumber: string, name: string, seriesName: string, model: string, laserPowerKw: number, delivered: string): RegistryMachine => ({
  orderNumber,
  name,
  seriesName,
  model,
  laserPowerKw,
  deliveryTime: new Date(delivered),
});

/** The demo customer's fleet: bound on a fresh start, kept alive by the simulator. */
export const DEMO_FLEET: readonly RegistryMachine[] = [
  machine('G3015-240101', 'G3015 Fiber Laser 12 kW', 'G', 'G3015', 12, '2024-03-18T00:00:00Z'),
  machine('P6025-240217', 'P6025 Exchange Table 20 kW', 'P', 'P6025', 20, '2024-05-09T00:00:00Z'),
  machine('C4020-230912', 'C4020 Enclosed Cutter 6 kW', 'C', 'C4020', 6, '2023-09-27T00:00:00Z'),
  machine('T220-240305', 'T220 Tube Cutter 3 kW', 'T', 'T220', 3, '2024-06-21T00:00:00Z'),
  machine('K350-231108', 'K350 Heavy Tube 6 kW', 'K', 'K350', 6, '2023-11-30T00:00:00Z'),
  machine('M170-250114', 'M170 Light Tube 2 kW', 'M', 'M170', 2, '2025-01-14T00:00:00Z'),
];

/**
 * Delivered machines nobody has bound yet: the registry knows them, the portal does not, so
 * binding one goes through the maintenance-platform fallback (GetBpmMachine, SaveMachineData).
 */
export const UNBOUND_MACHINES: readonly RegistryMachine[] = [
  machine('G3015-250401', 'G3015 Fiber Laser 6 kW', 'G', 'G3015', 6, '2025-04-02T00:00:00Z'),
  machine('G4020-250402', 'G4020 Fiber Laser 12 kW', 'G', 'G4020', 12, '2025-04-10T00:00:00Z'),
  machine('H6025-250511', 'H6025 High Power 30 kW', 'H', 'H6025', 30, '2025-05-11T00:00:00Z'),
  machine('P3015-250620', 'P3015 Exchange Table 6 kW', 'P', 'P3015', 6, '2025-06-20T00:00:00Z'),
  machine('C3015-250702', 'C3015 Enclosed Cutter 3 kW', 'C', 'C3015', 3, '2025-07-02T00:00:00Z'),
  machine('T260-250415', 'T260 Tube Cutter 6 kW', 'T', 'T260', 6, '2025-04-15T00:00:00Z'),
  machine('K500-250530', 'K500 Heavy Tube 12 kW', 'K', 'K500', 12, '2025-05-30T00:00:00Z'),
  machine('Q120-250812', 'Q120 Bevel Tube 3 kW', 'Q', 'Q120', 3, '2025-08-12T00:00:00Z'),
  machine('M220-250909', 'M220 Light Tube 3 kW', 'M', 'M220', 3, '2025-09-09T00:00:00Z'),
  machine('G6025-251020', 'G6025 Fiber Laser 20 kW', 'G', 'G6025', 20, '2025-10-20T00:00:00Z'),
];

/** Series always; with the demo, the registry, the demo fleet saved and bound to the demo customer. */
export async function seedDevices(
  deps: { machines: MachineStore; maintenancePlatform: MaintenancePlatformPort },
  demo: { ownerId: string; at: Date } | null,
): Promise<{ bound: number }> {
  for (const s of SERIES) await deps.machines.putSeries(s);
  if (!demo) return { bound: 0 };
  for (const m of [...DEMO_FLEET, ...UNBOUND_MACHINES]) await deps.maintenancePlatform.register(m);
  let bound = 0;
  for (const m of DEMO_FLEET) {
    await deps.machines.insertIfMissing({ orderNumber: m.orderNumber, name: m.name, seriesName: m.seriesName, kind: machineKindOf(m.seriesName) });
    if ((await deps.machines.bind(m.orderNumber, demo.ownerId, demo.at)) === 'bound') bound++;
  }
  return { bound };
}
