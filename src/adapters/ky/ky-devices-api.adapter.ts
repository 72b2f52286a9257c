import { inject, injectable } from 'inversify';
import { isRefusal } from '../../contract/call';
import { isEmptyAnswer, isLoginExpired, isSuccess, type Envelope } from '../../contract/envelope';
import * as Machine from '../../contract/machine';
import type { BindAnswer, BpmMachine, LookupAnswer, SaveAnswer } from '../../domain/devices/binding.machine';
import { fleetOf, type FleetAnswer } from '../../domain/devices/fleet';
import { machineKindOf } from '../../domain/devices/machine-kind';
import type { MachineInfo, MachineInfoAnswer } from '../../domain/devices/machine-info.machine';
import { refused } from '../../domain/shared/refused';
import type { DevicesApiPort } from '../../ports/devices-api.port';
import type { SessionStorePort } from '../../ports/session-store.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { SessionStoreToken } from '../../ports/tokens';
import { PortalHttpToken } from '../../ports/api-tokens';

// The fleet page, the bind dialog and the detail pages show these answers themselves (an empty
// fleet is no error, a lookup's "not found" is a step of the flow), so they do not also toast.
// Dialogs (expiry, network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

const unknownMachine = Machine.MachineBind.refusals.unknownMachine;

/** DevicesApiPort over the portal HTTP port: the Machine calls of ADR 0005, their answers read into domain terms. */
@injectable()
export class KyDevicesApi implements DevicesApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(SessionStoreToken) private readonly session: SessionStorePort,
  ) {}

  async getMyMachines(signal?: AbortSignal): Promise<FleetAnswer> {
    // The spec's body names the caller; the server takes the caller from the token and refuses another UserId.
    const userId = this.session.userId();
    const answer = await this.http.call(Machine.GetMyMachine, userId ? { UserId: userId } : {}, signal, QUIET);
    // The empty-query answers count as an empty fleet (spec 1 section 8: the monitoring area takes them as success).
    if (isSuccess(answer) || isEmptyAnswer(answer)) return { kind: 'list', machines: Array.isArray(answer.ReturnData) ? fleetOf(answer.ReturnData) : [] };
    // An expired login is the blocking dialog's to tell, not the page's too.
    return refused(isLoginExpired(answer) ? '' : answer.info);
  }

  async bind(orderNumber: string, signal?: AbortSignal): Promise<BindAnswer> {
    const answer = await this.http.call(Machine.MachineBind, { OrderNumber: orderNumber }, signal, QUIET);
    if (isSuccess(answer)) return { kind: 'bound' };
    if (isRefusal(answer, unknownMachine)) return { kind: 'unknown-machine' };
    return refused(answer.info);
  }

  async getBpmMachine(orderNumber: string, signal?: AbortSignal): Promise<LookupAnswer> {
    const answer = await this.http.call(Machine.GetBpmMachine, { OrderNumber: orderNumber }, signal, QUIET);
    // The original platform answered "not found" and a bare "200" as infos, whatever the code.
    if (answer.info === unknownMachine.info) return { kind: 'unknown-machine' };
    if (answer.info === '200') return { kind: 'empty' };
    const record = answer.ReturnData;
    if (isSuccess(answer) && isRecord(record)) return { kind: 'found', record };
    return refused(answer.info);
  }

  async saveMachineData(record: BpmMachine, signal?: AbortSignal): Promise<SaveAnswer> {
    const answer = await this.http.call(Machine.SaveMachineData, { ...record }, signal, QUIET);
    if (isSuccess(answer)) return { kind: 'saved' };
    if (isRefusal(answer, unknownMachine)) return { kind: 'unknown-machine' };
    return refused(answer.info);
  }

  async getMachineTables(orderNumber: string, signal?: AbortSignal): Promise<MachineInfoAnswer> {
    const answer = await this.http.call(Machine.GetMachineTables, { OrderNumber: orderNumber }, signal, QUIET);
    const info = isSuccess(answer) ? machineInfoOf(answer) : null;
    if (info) return { kind: 'found', info };
    // 404, or a success without a row: not one of the caller's machines.
    if (isSuccess(answer) || isRefusal(answer, Machine.GetMachineTables.refusals.notYours) || answer.code === 404) return { kind: 'not-yours' };
    return refused(answer.info);
  }
}

const isRecord = (value: unknown): value is BpmMachine =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as BpmMachine).OrderNumber === 'string';

/** The first row of GetMachineTables as a MachineInfo, or null when the answer has none. */
function machineInfoOf(answer: Envelope<unknown>): MachineInfo | null {
  const rows = Array.isArray(answer.ReturnData) ? (answer.ReturnData as Partial<Record<string, unknown>>[]) : [];
  const row = rows.find((item) => !!item && typeof item === 'object' && typeof item.OrderNumber === 'string');
  if (!row) return null;
  const series = typeof row.SeriesName === 'string' ? row.SeriesName : '';
  // The server's Kind wins when it is one we know; the series rule otherwise.
  const kind = row.Kind === 'tube' || row.Kind === 'sheet' ? row.Kind : machineKindOf(series);
  return {
    equipmentId: row.EquipmentId === undefined || row.EquipmentId === null ? '' : String(row.EquipmentId),
    orderNumber: row.OrderNumber as string,
    name: typeof row.Name === 'string' ? row.Name : '',
    series,
    kind,
    boundByName: typeof row.BoundByName === 'string' ? row.BoundByName : '',
  };
}
