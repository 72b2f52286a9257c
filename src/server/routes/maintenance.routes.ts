import type { DataOf } from '../../contract/call';
import * as Maintenance from '../../contract/maintenance';
import { beijingText } from '../../domain/maintenance/maintenance-time';
import { isNormalOf } from '../../domain/maintenance/plan-state';
import type { MaintenanceItemRecord, MaintenanceRecordRow } from '../../ports/maintenance-store.port';
import { defineRoute, langOf, pageOf, type ApiRoute } from '../route-kit';
import { done, mapData } from '../outcome';
import type { MaintenanceService, PlanView } from '../services/maintenance.service';

type Lang = 'zh' | 'en';

const itemOf =
  (lang: Lang) =>
  (item: MaintenanceItemRecord): DataOf<typeof Maintenance.MDetailsList>[number] => ({
    Id: item.id,
    Project: item.project[lang],
    Lable: item.series,
    Content: item.content[lang],
    CycleHours: item.cycleHours,
    WarningHours: item.warningHours,
    CyclePierces: item.cyclePierces,
    WarningPierces: item.warningPierces,
    IsEnabled: item.isEnabled,
  });

const planOf =
  (lang: Lang) =>
  (view: PlanView): DataOf<typeof Maintenance.MMachineList>[number] => {
    const { plan } = view;
    return {
      Id: plan.id,
      UserId: plan.userId,
      MachineId: plan.machineId,
      DetailId: plan.item.id,
      Project: plan.item.project[lang],
      OrderNumber: plan.orderNumber,
      Lable: plan.item.series,
      RealName: plan.realName,
      Content: plan.item.content[lang],
      CreateTime: beijingText(plan.createdAt),
      CycleHours: plan.item.cycleHours,
      SurplusHour: view.surplusHours,
      WarningHours: plan.item.warningHours,
      WarningTime: view.state !== 'normal' && plan.warnedAt ? beijingText(plan.warnedAt) : '',
      IsEnabled: plan.item.isEnabled,
      IsNormal: isNormalOf(view.state),
      State: view.state,
      RunHours: view.runHours,
      CyclePierces: plan.item.cyclePierces,
      SurplusPierces: view.surplusPierces,
      WarningPierces: plan.item.warningPierces,
      Pierces: view.pierces,
      Since: beijingText(plan.since),
    };
  };

const recordOf =
  (lang: Lang) =>
  (r: MaintenanceRecordRow): DataOf<typeof Maintenance.GetMRecords>[number] => ({
    Id: r.id,
    MmId: r.planId ?? 0,
    Project: r.project[lang],
    Content: r.content[lang],
    RealName: r.realName,
    MaintenanceTime: beijingText(r.maintenanceTime),
    MaintenanceUser: r.maintenanceUser,
    CreateTime: beijingText(r.createdAt),
    State: r.state,
    CreatedByName: r.createdByName,
  });

/** api/Maintenance/* (spec 3, issue 17): items, plans, records and their statistics; customers only, their own. */
export function maintenanceRoutes(deps: { maintenance: MaintenanceService }): ApiRoute[] {
  const { maintenance } = deps;
  return [
    defineRoute({
      call: Maintenance.GetMDetailNumbers,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => {
        const lang = langOf(body.lang);
        return mapData(await maintenance.counts(caller!.companyId), (rows) => rows.map((r) => ({ project: r.project[lang], number: r.count })));
      },
    }),
    defineRoute({
      call: Maintenance.MDetailsList,
      access: 'customer', needs: 'read',
      handle: async ({ body }) =>
        mapData(await maintenance.items({ series: body.Lable?.trim() || undefined, project: body.Project?.trim() || undefined, id: body.Id || undefined }, pageOf(body)), (rows) =>
          rows.map(itemOf(langOf(body.lang))),
        ),
    }),
    defineRoute({
      call: Maintenance.MMachineList,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) =>
        mapData(await maintenance.plans(caller!.companyId, { machineId: body.MachineId, id: body.Id }), (views) => views.map(planOf(langOf(body.lang)))),
    }),
    defineRoute({
      call: Maintenance.SaveMMachine,
      access: 'customer', needs: 'maintenance',
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: ({ body, caller }) => maintenance.addPlan(caller!.companyId, body.MachineId, body.DetailId),
    }),
    defineRoute({
      call: Maintenance.DeleteMMachine,
      access: 'customer', needs: 'maintenance',
      handle: ({ body, caller }) => maintenance.deletePlan(caller!.companyId, body.Id),
    }),
    defineRoute({
      call: Maintenance.GetMRecords,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await maintenance.records(caller!.companyId, body.MmId, pageOf(body)), (rows) => rows.map(recordOf(langOf(body.lang)))),
    }),
    defineRoute({
      call: Maintenance.InsertMRecords,
      access: 'customer', needs: 'maintenance',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body, caller }) => {
        const outcome = await maintenance.confirm({ companyId: caller!.companyId, actorId: caller!.userId }, { planId: body.MmId, time: body.MaintenanceTime, user: body.MaintenanceUser });
        return outcome.ok ? done(Maintenance.MAINTENANCE_SAVED[langOf(body.lang)]) : outcome;
      },
    }),
  ];
}
