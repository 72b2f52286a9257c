import type { ServiceIdentifier } from 'inversify';
import type { bellMachine } from '../../domain/alarms/bell.machine';
import type { notifySettingsMachine } from '../../domain/alarms/notify-settings.machine';
import { useService } from '../common/services-context';

/** The alarm notifications' machines, ready to run: app/alarms.module.ts provides their calls. */
export interface AlarmsMachines {
  bell: typeof bellMachine;
  settings: typeof notifySettingsMachine;
}

export const AlarmsMachinesToken: ServiceIdentifier<AlarmsMachines> = Symbol.for('AlarmsMachines');

export const useAlarmsMachines = (): AlarmsMachines => useService(AlarmsMachinesToken);
