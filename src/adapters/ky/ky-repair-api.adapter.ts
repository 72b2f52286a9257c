import { inject, injectable } from 'inversify';
import type { AnswerOf, CallContract } from '../../contract/call';
import * as Component from '../../contract/component';
import * as CSSAPI from '../../contract/cssapi';
import { isSuccess, listOf } from '../../contract/envelope';
import type { SubmitOrderAnswer, WorkOrderFormValues } from '../../domain/repair/work-order-form.machine';
import type { WorkOrderStep } from '../../domain/repair/work-order-status';
import { refused, type Refused } from '../../domain/shared/refused';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import type { StockAnswer, StockWriteAnswer } from '../../domain/repair/stock-page.machine';
import type { OrdersAnswer } from '../../domain/repair/work-orders-page.machine';
import type { RepairApiPort, SparePartOption, StockRow, WorkOrderQuery, WorkOrderRow } from '../../ports/repair-api.port';
import { PortalHttpToken } from '../../ports/api-tokens';

// The pages show refusals themselves (the form's line, the stock page's messages), so calls are quiet;
// the HTTP adapter still opens the expiry, network and timeout dialogs.
const QUIET = { quiet: true } as const;

const refusalOf = <C extends CallContract>(answer: AnswerOf<C>): Refused => refused(answer.code === 401 ? '' : answer.info);

/** RepairApiPort over the portal HTTP port: CSSAPI, Component and ComponentUserNumber calls (spec 3 section 7). */
@injectable()
export class KyRepairApi implements RepairApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async parts(lang: 'zh' | 'en', signal?: AbortSignal): Promise<SparePartOption[]> {
    const answer = await this.http.call(Component.GetList, { lang }, signal, QUIET);
    return isSuccess(answer) ? listOf(answer.ReturnData).map((p) => ({ id: p.Id, name: p.Name })) : [];
  }

  async submit(values: WorkOrderFormValues, lang: 'zh' | 'en', signal?: AbortSignal): Promise<SubmitOrderAnswer> {
    const answer = await this.http.call(
      CSSAPI.SaveWorkOrder,
      {
        OrderNumber: values.orderNumber,
        Phone: values.phone,
        Email: values.email,
        Company: values.company,
        UserName: values.userName,
        ProvinceName: values.provinceName,
        Province: values.province,
        CityName: values.cityName,
        City: values.city,
        sparePartId: values.sparePartId,
        ComponentId: values.sparePartId,
        Content: values.content,
        // The optional threshold goes with the order: the server saves it before the count.
        ...(values.threshold ? { Threshold: values.threshold } : {}),
        lang,
      },
      signal,
      QUIET,
    );
    if (isSuccess(answer) && answer.ReturnData && typeof answer.ReturnData === 'object') {
      return { kind: 'accepted', eventNum: answer.ReturnData.data, signal: Number(answer.ReturnCount ?? 1) };
    }
    return refusalOf(answer);
  }

  async saveThreshold(partId: string | number, threshold: string | number, signal?: AbortSignal): Promise<StockWriteAnswer> {
    const answer = await this.http.call(Component.SaveThreshold, { Id: partId, Threshold: threshold }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'done' } : refusalOf(answer);
  }

  async orders(query: WorkOrderQuery, lang: 'zh' | 'en', signal?: AbortSignal): Promise<OrdersAnswer> {
    const answer = await this.http.call(
      CSSAPI.QueryWorkOrders,
      {
        EventNum: query.eventNum.trim(),
        DateType: query.dateType,
        Status: query.status,
        PrevPageNums: (query.page - 1) * query.size,
        TopNums: query.size,
        lang,
      },
      signal,
      QUIET,
    );
    if (!isSuccess(answer)) return refusalOf(answer);
    const list = listOf(answer.ReturnData);
    const rows: WorkOrderRow[] = list.map((r) => ({
      eventNum: r.EventNum,
      orderNumber: r.OrderNumber,
      company: r.Company,
      userName: r.UserName,
      phone: r.Phone,
      email: r.Email,
      provinceName: r.ProvinceName,
      cityName: r.CityName,
      sparePart: r.sparePart,
      content: r.Content,
      createTime: r.CreateTime,
      step: (r.Status === 1 ? 2 : 0) as WorkOrderStep,
      note: '',
      fromLabel: r.Source === 'label',
      createdByName: r.CreatedByName ?? '',
    }));
    if (rows.length) {
      // The steps come from the customer-service system, merged by event number (spec 3 section 4).
      const steps = await this.http.call(CSSAPI.GetEventStatus, { EventNum: rows.map((r) => r.eventNum).join(',') }, signal, QUIET);
      if (isSuccess(steps) && steps.ReturnData && typeof steps.ReturnData === 'object') {
        const byNum = new Map(steps.ReturnData.data.map((s) => [s.eventNum, s]));
        for (const row of rows) {
          const s = byNum.get(row.eventNum);
          if (s) Object.assign(row, { step: s.eventStatus as WorkOrderStep, note: s.note });
        }
      }
    }
    return { kind: 'page', rows, total: Number(answer.ReturnCount ?? rows.length) };
  }

  async stock(query: { page: number; size: number; partId?: string }, lang: 'zh' | 'en', signal?: AbortSignal): Promise<StockAnswer> {
    const answer = await this.http.call(
      Component.GetStockList,
      { ...(query.partId ? { Id: query.partId } : {}), PrevPageNums: (query.page - 1) * query.size, TopNums: query.size, lang },
      signal,
      QUIET,
    );
    if (!isSuccess(answer)) return refusalOf(answer);
    const rows = listOf(answer.ReturnData).map((r) => ({
      id: r.Id,
      code: r.Code,
      name: r.Name,
      specifications: r.Specifications,
      size: r.Size,
      sumNumber: r.SumNumber,
      submitNumber: r.SubmitNumber,
      threshold: r.Threshold ?? null,
      createTime: r.CreateTime,
      changedByName: r.ChangedByName ?? '',
    }));
    return { kind: 'page', rows, total: Number(answer.ReturnCount ?? rows.length) };
  }

  async resetCount(partId: number, signal?: AbortSignal): Promise<StockWriteAnswer> {
    const answer = await this.http.call(Component.ResetNumber, { ComponentId: partId }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'done' } : refusalOf(answer);
  }

  async faultsPerPart(lang: 'zh' | 'en', signal?: AbortSignal) {
    const answer = await this.http.call(Component.GetComponentTypeNumber, { lang }, signal, QUIET);
    if (!isSuccess(answer)) return refusalOf(answer);
    return { kind: 'list' as const, parts: listOf(answer.ReturnData).map((p) => ({ id: p.Id, name: p.Name, count: p.SumNumber })) };
  }

  async faultsPerMonth(partId: number | null, lang: 'zh' | 'en', signal?: AbortSignal) {
    const answer = await this.http.call(Component.GetComponentTypeDate, { ...(partId ? { ComponentId: partId } : {}), lang }, signal, QUIET);
    if (!isSuccess(answer)) return refusalOf(answer);
    return {
      kind: 'list' as const,
      months: listOf(answer.ReturnData).map((m) => ({ date: m.date, counts: m.list.map((c) => ({ name: c.Name, count: c.count })) })),
    };
  }
}
