import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { machineInfoMachine } from '../../domain/devices/machine-info.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useDevicesApi } from './devices-ports';
import { selectMachineInfo, type MachineInfoPart } from './live-device.selectors';

/** The detail page's machine facts (GetMachineTables), loaded on start, and a way to load them again. */
export function useMachineInfo(orderNumber: string): [MachineInfoPart, () => void] {
  const api = useDevicesApi();
  const machine = useMemo(
    () => machineInfoMachine.provide({ actors: { loadMachine: fromPromise(({ input, signal }) => api.getMachineTables(input.orderNumber, signal)) } }),
    [api],
  );
  const actor = useFreshActor(machine, { input: { orderNumber } });
  const info = useSelector(actor, selectMachineInfo, shallowEqual);
  return [info, () => actor.send({ type: 'info.reload' })];
}
