import { defineCall } from './call';

/** api/QualityAssurance/*: the warranty table of the user centre (spec 2 sections 3 and 7). */

export const GetList = defineCall({
  path: 'QualityAssurance/GetList',
  summary: "Warranty rows of the caller's bound machines; OrderNumber filters them (whitespace is stripped)",
  body: { type: 'object', properties: { OrderNumber: { type: 'string', maxLength: 100 } } },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['OrderNumber', 'DeliveryTime', 'MarketingDept', 'BelongDept', 'LaserBrand', 'ExtdWarrantyTime', 'GuaranteeTime', 'IsGuarantee', 'ExtdWarrantyType'],
      additionalProperties: false,
      properties: {
        OrderNumber: { type: 'string' },
        DeliveryTime: { type: 'string', description: 'ISO 8601, "" when unknown' },
        MarketingDept: { type: 'string' },
        BelongDept: { type: 'string' },
        LaserBrand: { type: 'string' },
        ExtdWarrantyTime: { type: 'string', description: 'End of the extended warranty, ISO 8601, "" when none' },
        GuaranteeTime: { type: 'string', description: 'End of the warranty, ISO 8601, "" when unknown' },
        IsGuarantee: { type: 'integer', enum: [0, 1], description: '1 while under warranty (standard or extended)' },
        ExtdWarrantyType: { type: 'string' },
      },
    },
  },
  empty: { data: 'no-data' },
  refusals: {},
});
