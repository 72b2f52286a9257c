import { liveRouteOf } from './fleet';
import type { ScannedMachine } from './label-scan.machine';
import type { MachineKind } from './machine-kind';

/** ScanMachineLabel's answer as the scan page reads it: the live page only with the owner's order number. */
export function scannedMachineOf(wire: { Mine: boolean; SeriesName: string; Kind: MachineKind; OrderNumber: string | null; communicationstatus: number }): ScannedMachine {
  const live = wire.Mine && wire.OrderNumber ? liveRouteOf({ communicationstatus: wire.communicationstatus, ordernumber: wire.OrderNumber, seriesname: wire.SeriesName }) : null;
  return { seriesName: wire.SeriesName, kind: wire.Kind, live };
}
