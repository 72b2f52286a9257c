import type { WarrantyRuleRecord, WarrantyRuleStore } from '../../ports/site-content-store.port';
import { done, refuse, type Outcome } from '../outcome';

/** `WarrantyRule/GetList`: the policies of a machine type (the first is shown). */
export class WarrantyService {
  constructor(private readonly store: WarrantyRuleStore) {}

  /** `id` as sent ('' for any): a whole number when given. */
  async list(filter: { id?: string; machineType?: string }): Promise<Outcome<WarrantyRuleRecord[], 'badId'>> {
    const idText = (filter.id ?? '').trim();
    if (idText && !/^\d{1,9}$/.test(idText)) return refuse('badId');
    return done(await this.store.list({ ...(idText ? { id: Number(idText) } : {}), ...(filter.machineType ? { machineType: filter.machineType } : {}) }));
  }
}
