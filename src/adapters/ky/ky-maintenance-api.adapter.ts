import { inject, injectable } from 'inversify';
import { isEmptyAnswer, isSuccess, type Envelope } from '../../contract/envelope';
import * as Maintenance from '../../contract/maintenance';
import type {
  CountsAnswer,
  ItemsAnswer,
  MaintenanceItem,
  MaintenancePlan,
  MaintenanceRecord,
  PlansAnswer,
  RecordsAnswer,
  SaveAnswer,
} from '../../domain/maintenance/maintenance';
import { beijingText } from '../../domain/maintenance/maintenance-time';
import { PLAN_STATES, type PlanState } from '../../domain/maintenance/plan-state';
import { refused } from '../../domain/shared/refused';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { MaintenanceApiPort } from '../../ports/maintenance-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { KeyValueStorageToken } from '../../ports/tokens';
import { PortalHttpToken } from '../../ports/api-tokens';

// The page shows refusals itself (next to what they concern); dialogs still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

type Row = Record<string, unknown>;
const rowsOf = (answer: Envelope<unknown>): Row[] =>
  Array.isArray(answer.ReturnData) ? answer.ReturnData.filter((r): r is Row => !!r && typeof r === 'object' && !Array.isArray(r)) : [];
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const total = (answer: Envelope<unknown>, rows: number) => (typeof answer.ReturnCount === 'number' && answer.ReturnCount >= rows ? answer.ReturnCount : rows);

const itemOf = (r: Row): MaintenanceItem => ({
  id: num(r.Id),
  project: text(r.Project),
  series: text(r.Lable),
  content: text(r.Content),
  cycleHours: num(r.CycleHours),
  warningHours: num(r.WarningHours),
  cyclePierces: numOrNull(r.CyclePierces),
  warningPierces: numOrNull(r.WarningPierces),
  enabled: r.IsEnabled === 1,
});

/** The state from State, or from IsNormal for a server that only sends the spec's field. */
const stateOf = (r: Row): PlanState => (PLAN_STATES.includes(r.State as PlanState) ? (r.State as PlanState) : r.IsNormal === 0 ? 'overdue' : 'normal');

const planOf = (r: Row): MaintenancePlan => ({
  id: num(r.Id),
  machineId: num(r.MachineId),
  itemId: num(r.DetailId),
  project: text(r.Project),
  orderNumber: text(r.OrderNumber),
  series: text(r.Lable),
  realName: text(r.RealName),
  content: text(r.Content),
  createTime: text(r.CreateTime),
  cycleHours: num(r.CycleHours),
  surplusHours: num(r.SurplusHour),
  warningHours: num(r.WarningHours),
  warningTime: text(r.WarningTime),
  enabled: r.IsEnabled !== 0,
  state: stateOf(r),
  runHours: num(r.RunHours),
  cyclePierces: numOrNull(r.CyclePierces),
  surplusPierces: numOrNull(r.SurplusPierces),
  warningPierces: numOrNull(r.WarningPierces),
  pierces: num(r.Pierces),
  since: text(r.Since),
});

const recordOf = (r: Row): MaintenanceRecord => ({
  id: num(r.Id),
  project: text(r.Project),
  content: text(r.Content),
  realName: text(r.RealName),
  maintenanceTime: text(r.MaintenanceTime),
  maintenanceUser: text(r.MaintenanceUser),
  createTime: text(r.CreateTime),
  normal: r.State !== 0,
  createdByName: text(r.CreatedByName),
});

/** MaintenanceApiPort over the portal HTTP port: api/Maintenance/* read into domain terms, in the page's language. */
@injectable()
export class KyMaintenanceApi implements MaintenanceApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(KeyValueStorageToken) private readonly storage: KeyValueStoragePort,
  ) {}

  private get lang(): 'zh' | 'en' {
    return this.storage.get('lang') === 'en' ? 'en' : 'zh';
  }

  async items(query: { series: string; offset: number; size: number }, signal?: AbortSignal): Promise<ItemsAnswer> {
    const answer = await this.http.call(Maintenance.MDetailsList, { Lable: query.series, PrevPageNums: query.offset, TopNums: query.size, lang: this.lang }, signal, QUIET);
    if (isEmptyAnswer(answer)) return { kind: 'items', items: [], total: 0 };
    if (!isSuccess(answer)) return refused(text(answer.info));
    const rows = rowsOf(answer);
    return { kind: 'items', items: rows.map(itemOf), total: total(answer, rows.length) };
  }

  async plans(query: { machineId: number | null; planId?: number }, signal?: AbortSignal): Promise<PlansAnswer> {
    const body = { lang: this.lang, ...(query.machineId ? { MachineId: query.machineId } : {}), ...(query.planId ? { Id: query.planId } : {}) };
    const answer = await this.http.call(Maintenance.MMachineList, body, signal, QUIET);
    if (isEmptyAnswer(answer)) return { kind: 'plans', plans: [] };
    if (!isSuccess(answer)) return refused(text(answer.info));
    return { kind: 'plans', plans: rowsOf(answer).map(planOf) };
  }

  async addPlan(input: { machineId: number; itemId: number }, signal?: AbortSignal): Promise<SaveAnswer> {
    const answer = await this.http.call(Maintenance.SaveMMachine, { MachineId: input.machineId, DetailId: input.itemId }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'saved', message: text(answer.info) } : refused(text(answer.info));
  }

  async removePlan(planId: number, signal?: AbortSignal): Promise<SaveAnswer> {
    const answer = await this.http.call(Maintenance.DeleteMMachine, { Id: planId }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'saved', message: text(answer.info) } : refused(text(answer.info));
  }

  async records(query: { planId: number; offset: number; size: number }, signal?: AbortSignal): Promise<RecordsAnswer> {
    const answer = await this.http.call(Maintenance.GetMRecords, { MmId: query.planId, PrevPageNums: query.offset, TopNums: query.size, lang: this.lang }, signal, QUIET);
    if (isEmptyAnswer(answer)) return { kind: 'records', records: [], total: 0 };
    if (!isSuccess(answer)) return refused(text(answer.info));
    const rows = rowsOf(answer);
    return { kind: 'records', records: rows.map(recordOf), total: total(answer, rows.length) };
  }

  async confirm(input: { planId: number; at: Date; state: 0 | 1 }, signal?: AbortSignal): Promise<SaveAnswer> {
    const body = { MmId: input.planId, MaintenanceTime: beijingText(input.at), State: input.state, lang: this.lang };
    const answer = await this.http.call(Maintenance.InsertMRecords, body, signal, QUIET);
    return isSuccess(answer) ? { kind: 'saved', message: text(answer.ReturnData) || text(answer.info) } : refused(text(answer.info));
  }

  async counts(signal?: AbortSignal): Promise<CountsAnswer> {
    const answer = await this.http.call(Maintenance.GetMDetailNumbers, { lang: this.lang }, signal, QUIET);
    if (isEmptyAnswer(answer)) return { kind: 'counts', counts: [] };
    if (!isSuccess(answer)) return refused(text(answer.info));
    return { kind: 'counts', counts: rowsOf(answer).map((r) => ({ project: text(r.project), count: num(r.number) })) };
  }
}
