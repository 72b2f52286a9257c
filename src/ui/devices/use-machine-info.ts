import { shallowEqual, useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useDevicesMachines } from './devices-machines';
import { selectMachineInfo, type MachineInfoPart } from './live-device.selectors';

/** The detail page's machine facts (GetMachineTables), loaded on start, and a way to load them again. */
export function useMachineInfo(orderNumber: string): [MachineInfoPart, () => void] {
  const actor = useFreshActor(useDevicesMachines().machineInfo, { input: { orderNumber } });
  const info = useSelector(actor, selectMachineInfo, shallowEqual);
  return [info, () => actor.send({ type: 'info.reload' })];
}
