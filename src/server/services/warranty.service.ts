import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { WarrantyRuleRecord, WarrantyRuleStore } from '../../ports/site-content-store.port';
import { ok } from './service-result';

/**
 * A warranty rule on the wire: the spec's fields (Title, WarrantyScope, NotWarrantyScope,
 * ServiceProcess) in the requested language, and both languages under Zh/En suffixes.
 */
export function warrantyView(r: WarrantyRuleRecord, lang: 'zh' | 'en') {
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

/** `WarrantyRule/GetList`: the policies of a machine type (the first is shown). */
export class WarrantyService {
  constructor(private readonly store: WarrantyRuleStore) {}

  async list(filter: { id?: number; machineType?: string }, lang: 'zh' | 'en'): Promise<Envelope> {
    const rows = await this.store.list(filter);
    if (!rows.length) return ok(NO_DATA, NO_DATA, { ReturnCount: 0 });
    return ok(
      rows.map((r) => warrantyView(r, lang)),
      'success',
      { ReturnCount: rows.length },
    );
  }
}
