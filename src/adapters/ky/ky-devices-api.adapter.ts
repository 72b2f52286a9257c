import { inject, injectable } from 'inversify';
import type { BpmMachine } from '../../domain/devices/binding.machine';
import type { MyMachine } from '../../domain/devices/fleet';
import type { MachineTable } from '../../domain/devices/machine-info.machine';
import type { Envelope } from '../../domain/shared/envelope';
import type { DeviceSeries, DevicesApiPort } from '../../ports/devices-api.port';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { KeyValueStorageToken, PortalHttpToken } from '../../ports/tokens';

// The fleet page, the bind dialog and the detail pages show these answers themselves (an empty
// fleet is no error, a lookup's "not found" is a step of the flow), so they do not also toast.
// Dialogs (expiry, network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** DevicesApiPort over the portal HTTP port: the Machine calls of ADR 0005. */
@injectable()
export class KyDevicesApi implements DevicesApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(KeyValueStorageToken) private readonly storage: KeyValueStoragePort,
  ) {}

  getMyMachines(signal?: AbortSignal): Promise<Envelope<MyMachine[] | string>> {
    // The spec's body names the caller; the server takes the caller from the token and refuses another UserId.
    const userId = this.storage.get('userId');
    return this.http.call<MyMachine[] | string>('api/Machine/GetMyMachine', userId ? { UserId: userId } : {}, signal, QUIET);
  }

  bind(orderNumber: string, signal?: AbortSignal): Promise<Envelope<null>> {
    return this.http.call<null>('api/Machine/MachineBind', { OrderNumber: orderNumber }, signal, QUIET);
  }

  getBpmMachine(orderNumber: string, signal?: AbortSignal): Promise<Envelope<BpmMachine | null>> {
    return this.http.call<BpmMachine | null>('api/Machine/GetBpmMachine', { OrderNumber: orderNumber }, signal, QUIET);
  }

  saveMachineData(record: BpmMachine, signal?: AbortSignal): Promise<Envelope<null>> {
    return this.http.call<null>('api/Machine/SaveMachineData', record, signal, QUIET);
  }

  getDeviceSeries(signal?: AbortSignal): Promise<Envelope<DeviceSeries[] | string>> {
    return this.http.call<DeviceSeries[] | string>('api/Machine/GetDeviceSeries', {}, signal);
  }

  getMachineTables(orderNumber: string, signal?: AbortSignal): Promise<Envelope<MachineTable[] | string>> {
    return this.http.call<MachineTable[] | string>('api/Machine/GetMachineTables', { OrderNumber: orderNumber }, signal, QUIET);
  }
}
