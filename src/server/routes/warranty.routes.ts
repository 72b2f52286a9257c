import type { DataOf } from '../../contract/call';
import * as WarrantyRule from '../../contract/warranty-rule';
import type { WarrantyRuleRecord } from '../../ports/site-content-store.port';
import { defineRoute, langOf, type ApiRoute } from '../route-kit';
import { mapData } from '../outcome';
import type { WarrantyService } from '../services/warranty.service';

/**
 * A warranty rule on the wire: the spec's fields (Title, WarrantyScope, NotWarrantyScope,
 * ServiceProcess) in the requested language, and both languages under Zh/En suffixes.
 */
export function warrantyView(r: WarrantyRuleRecord, lang: 'zh' | 'en'): DataOf<typeof WarrantyRule.GetList>[number] {
  const en = lang === 'en';
  return {
    Id: r.id,
    MachineType: r.machineType,
    Title: en ? r.titleEn : r.title,
    WarrantyScope: en ? r.warrantyScopeEn : r.warrantyScope,
    NotWarrantyScope: en ? r.notWarrantyScopeEn : r.notWarrantyScope,
    ServiceProcess: en ? r.serviceProcessEn : r.serviceProcess,
    TitleZh: r.title,
    WarrantyScopeZh: r.warrantyScope,
    NotWarrantyScopeZh: r.notWarrantyScope,
    ServiceProcessZh: r.serviceProcess,
    TitleEn: r.titleEn,
    WarrantyScopeEn: r.warrantyScopeEn,
    NotWarrantyScopeEn: r.notWarrantyScopeEn,
    ServiceProcessEn: r.serviceProcessEn,
  };
}

/** api/WarrantyRule/*: the warranty policy page. */
export function warrantyRoutes(deps: { warranty: WarrantyService }): ApiRoute[] {
  const { warranty } = deps;
  return [
    defineRoute({
      call: WarrantyRule.GetList,
      access: 'public',
      handle: async ({ body }) => {
        const lang = langOf(body.lang);
        const rules = await warranty.list({ id: String(body.Id ?? ''), ...(body.MachineType ? { machineType: body.MachineType } : {}) });
        return mapData(rules, (list) => list.map((r) => warrantyView(r, lang)));
      },
    }),
  ];
}
