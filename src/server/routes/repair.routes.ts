import type { DataOf } from '../../contract/call';
import * as Component from '../../contract/component';
import * as CSSAPI from '../../contract/cssapi';
import { isDateType } from '../../domain/repair/work-order-dates';
import { statusOfStep, type WorkOrderStep } from '../../domain/repair/work-order-status';
import type { StockRecord } from '../../ports/spare-part-store.port';
import { defineRoute, langOf, pageOf, type ApiRoute } from '../route-kit';
import { done, mapData } from '../outcome';
import { partDetails, partName, type RepairService, type WorkOrderView } from '../services/repair.service';

type WorkOrderWire = DataOf<typeof CSSAPI.QueryWorkOrders>[number];
type StockWire = DataOf<typeof Component.GetStockList>[number];

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

const workOrderWire = (r: WorkOrderView): WorkOrderWire => ({
  EventNum: r.eventNum,
  OrderNumber: r.orderNumber,
  Company: r.company,
  UserName: r.userName,
  Phone: r.phone,
  Email: r.email,
  ProvinceName: r.provinceName,
  Province: r.province,
  CityName: r.cityName,
  City: r.city,
  sparePart: r.partName,
  ComponentId: r.partId ?? 0,
  Content: r.content,
  CreateTime: r.createdAt.toISOString(),
  Status: statusOfStep(r.step),
  Source: r.source,
  CreatedByName: r.createdByName,
});

/** A stock row as the spec answers it, its texts in the request's language; `UserId` names the caller (the stock is their company's). */
const stockWire = (userId: string, lang: 'zh' | 'en') => (r: StockRecord): StockWire => ({
  Id: r.part.id,
  UserId: userId,
  Code: r.part.code,
  Name: partName(r.part, lang),
  // One language on the wire, the request's `lang`, as Name.
  Specifications: partDetails(r.part, lang).specifications,
  Size: partDetails(r.part, lang).size,
  SumNumber: r.sumNumber,
  SubmitNumber: r.submitNumber,
  Threshold: r.threshold,
  CreateTime: r.part.createdAt.toISOString(),
  ChangedByName: r.changedByName,
  ChangeTime: r.changedAt ? r.changedAt.toISOString() : '',
});

/** api/CSSAPI/*, api/Component/GetList, api/ComponentUserNumber/*: repair (spec 3, DECISIONS 4). */
export function repairRoutes(deps: { repair: RepairService }): ApiRoute[] {
  const { repair } = deps;
  return [
    defineRoute({
      call: CSSAPI.SaveWorkOrder,
      access: 'customer', needs: 'workOrders',
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: async ({ body, caller }) => {
        const outcome = await repair.submit({ companyId: caller!.companyId, actorId: caller!.userId }, {
          orderNumber: textOf(body.OrderNumber),
          phone: textOf(body.Phone),
          email: textOf(body.Email),
          company: textOf(body.Company),
          province: textOf(body.Province),
          city: textOf(body.City),
          sparePartId: textOf(body.ComponentId ?? body.sparePartId),
          content: textOf(body.Content),
          userName: textOf(body.UserName),
          provinceName: textOf(body.ProvinceName),
          cityName: textOf(body.CityName),
          ...(body.Threshold === undefined ? {} : { threshold: body.Threshold }),
        });
        return outcome.ok ? done({ data: outcome.data.eventNum }, outcome.data.signal) : outcome;
      },
    }),
    defineRoute({
      call: CSSAPI.QueryWorkOrders,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) =>
        mapData(
          await repair.list(
            caller!.companyId,
            {
              ...(body.EventNum ? { eventNum: body.EventNum } : {}),
              dateType: body.DateType && isDateType(body.DateType) ? body.DateType : '',
              status: body.Status === 0 || body.Status === 1 ? body.Status : null,
              ...pageOf(body),
            },
            langOf(body.lang),
          ),
          (rows) => rows.map(workOrderWire),
        ),
    }),
    defineRoute({
      call: CSSAPI.GetEventStatus,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) =>
        mapData(await repair.steps(caller!.companyId, body.EventNum), (steps) => ({
          data: steps.map((s) => ({ eventNum: s.eventNum, eventStatus: s.step, note: s.note, updateTime: s.updatedAt.toISOString() })),
        })),
    }),
    defineRoute({
      call: CSSAPI.MoveWorkOrder,
      access: 'staff',
      // The audit row (h-staff's AuditTrail): the order and its step and note before and after the move.
      audit: {
        object: (body) => `work-order:${body.EventNum}`,
        before: (body) => repair.orderState(body.EventNum),
        after: (body) => repair.orderState(body.EventNum),
      },
      handle: ({ body }) => repair.move(body.EventNum, body.eventStatus as WorkOrderStep, body.Note ?? ''),
    }),
    defineRoute({
      call: Component.GetList,
      access: 'customer', needs: 'read',
      handle: async ({ body }) => {
        const lang = langOf(body.lang);
        return done((await repair.catalogue()).map((p) => ({ Id: p.id, Name: partName(p, lang) })));
      },
    }),
    defineRoute({
      call: Component.GetStockList,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) =>
        mapData(await repair.stock(caller!.companyId, { partId: body.Id, ...pageOf({ TopNums: 10, ...body }) }), (rows) =>
          rows.map(stockWire(caller!.userId, langOf(body.lang))),
        ),
    }),
    defineRoute({
      call: Component.SaveThreshold,
      access: 'customer', needs: 'stock',
      handle: ({ body, caller }) => repair.setThreshold({ companyId: caller!.companyId, actorId: caller!.userId }, body.Id, body.Threshold),
    }),
    defineRoute({
      call: Component.ResetNumber,
      access: 'customer', needs: 'stock',
      handle: ({ body, caller }) => repair.reset({ companyId: caller!.companyId, actorId: caller!.userId }, body.ComponentId),
    }),
    defineRoute({
      call: Component.GetComponentTypeNumber,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => repair.faultsPerPart(caller!.companyId, langOf(body.lang)),
    }),
    defineRoute({
      call: Component.GetComponentTypeDate,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => repair.faultsPerMonth(caller!.companyId, body.ComponentId, langOf(body.lang)),
    }),
  ];
}
