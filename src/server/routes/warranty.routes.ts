import { defineRoute, type ApiRoute } from '../route-kit';
import { fail } from '../services/service-result';
import type { WarrantyService } from '../services/warranty.service';
import { langOf } from './cam.routes';

/** api/WarrantyRule/*: the warranty policy page. */
export function warrantyRoutes(deps: { warranty: WarrantyService }): ApiRoute[] {
  const { warranty } = deps;
  return [
    defineRoute<{ Id?: string | number; MachineType?: string; lang?: string }>({
      controller: 'WarrantyRule',
      action: 'GetList',
      access: 'public',
      summary: 'Warranty policies of a machine type (0 laser cutting machine, 1 hand-held welding); the first is shown',
      body: {
        type: 'object',
        properties: {
          Id: { type: ['string', 'integer'], maxLength: 12, description: 'Optional: one rule by id ("" for any)' },
          MachineType: { type: 'string', enum: ['0', '1', ''] },
          lang: { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of the unsuffixed fields' },
        },
      },
      async handle({ body }) {
        const idText = String(body.Id ?? '').trim();
        if (idText && !/^\d{1,9}$/.test(idText)) return fail(400, 'Id must be a whole number');
        return warranty.list(
          { ...(idText ? { id: Number(idText) } : {}), ...(body.MachineType ? { machineType: body.MachineType } : {}) },
          langOf(body.lang),
        );
      },
    }),
  ];
}
