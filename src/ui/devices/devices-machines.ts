import type { ServiceIdentifier } from 'inversify';
import type { bindingMachine } from '../../domain/devices/binding.machine';
import type { fleetMachine } from '../../domain/devices/fleet.machine';
import type { machineInfoMachine } from '../../domain/devices/machine-info.machine';
import type { labelRequestMachine } from '../../domain/devices/label-request.machine';
import type { labelScanMachine } from '../../domain/devices/label-scan.machine';
import type { labelSheetMachine } from '../../domain/devices/label-sheet.machine';
import type { machineLabelMachine } from '../../domain/devices/machine-label.machine';
import type { sheetLiveMachine } from '../../domain/telemetry/sheet-live.machine';
import type { tubeLiveMachine } from '../../domain/telemetry/tube-live.machine';
import { useService } from '../common/services-context';

/** The devices area's machines, ready to run: app/devices.module.ts provides their calls, feeds and storage. */
export interface DevicesMachines {
  fleet: typeof fleetMachine;
  binding: typeof bindingMachine;
  machineInfo: typeof machineInfoMachine;
  label: typeof machineLabelMachine;
  scan: typeof labelScanMachine;
  labelRequest: typeof labelRequestMachine;
  labelSheet: typeof labelSheetMachine;
  tubeLive: typeof tubeLiveMachine;
  sheetLive: typeof sheetLiveMachine;
}

export const DevicesMachinesToken: ServiceIdentifier<DevicesMachines> = Symbol.for('DevicesMachines');

/** The devices area's ready machines. */
export const useDevicesMachines = (): DevicesMachines => useService(DevicesMachinesToken);
