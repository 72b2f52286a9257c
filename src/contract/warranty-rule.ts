import { defineCall } from './call';

/** api/WarrantyRule/*: the warranty policy page (spec 2 section 3). */

const section = { type: 'string' } as const;

export const GetList = defineCall({
  path: 'WarrantyRule/GetList',
  summary: 'Warranty policies of a machine type (0 laser cutting machine, 1 hand-held welding); the first is shown',
  body: {
    type: 'object',
    properties: {
      Id: { type: ['string', 'integer'], maxLength: 12, description: 'Optional: one rule by id ("" for any)' },
      MachineType: { type: 'string', enum: ['0', '1', ''] },
      lang: { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of the unsuffixed fields' },
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: [
        'Id',
        'MachineType',
        'Title',
        'WarrantyScope',
        'NotWarrantyScope',
        'ServiceProcess',
        'TitleZh',
        'WarrantyScopeZh',
        'NotWarrantyScopeZh',
        'ServiceProcessZh',
        'TitleEn',
        'WarrantyScopeEn',
        'NotWarrantyScopeEn',
        'ServiceProcessEn',
      ],
      additionalProperties: false,
      properties: {
        Id: { type: 'integer' },
        MachineType: { type: 'string' },
        Title: { type: 'string', description: 'In the language asked, as the three sections' },
        WarrantyScope: section,
        NotWarrantyScope: section,
        ServiceProcess: section,
        TitleZh: section,
        WarrantyScopeZh: section,
        NotWarrantyScopeZh: section,
        ServiceProcessZh: section,
        TitleEn: section,
        WarrantyScopeEn: section,
        NotWarrantyScopeEn: section,
        ServiceProcessEn: section,
      },
    },
  },
  success: 'success',
  empty: { data: 'no-data' },
  refusals: { badId: { code: 400, info: 'Id must be a whole number' } },
});
