import { defineCall, PAGING_PROPERTIES } from './call';

/** api/Staff/*: the staff console's own calls (the audit log; issue 19). Staff only. */

/** A date-time bound of a filter: ISO 8601 (`2026-11-24` or `2026-11-24T08:00:00+08:00`). */
const INSTANT = { type: 'string', maxLength: 40 } as const;

export const GetAuditLog = defineCall({
  path: 'Staff/GetAuditLog',
  summary:
    'Staff: the audit log, newest first, paged; every staff call is a row (who, what, when, the object, before and after). ' +
    'Filters narrow: Actor, Action and Object match a part, Kind is read or write, From and To bound the time (To excluded). ReturnCount is the total',
  body: {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      Actor: { type: 'string', maxLength: 200 },
      Action: { type: 'string', maxLength: 200 },
      Object: { type: 'string', maxLength: 200 },
      Kind: { type: 'string', enum: ['', 'read', 'write'] },
      From: INSTANT,
      To: INSTANT,
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'Time', 'ActorId', 'Actor', 'Action', 'Kind', 'Object', 'Result', 'Request', 'Before', 'After', 'RequestId', 'Ip'],
      additionalProperties: false,
      properties: {
        Id: { type: 'integer' },
        Time: { type: 'string' },
        ActorId: { type: 'string' },
        Actor: { type: 'string' },
        Action: { type: 'string' },
        Kind: { type: 'string', enum: ['read', 'write'] },
        Object: { type: 'string' },
        Result: { type: 'string' },
        Request: {},
        Before: {},
        After: {},
        RequestId: { type: 'string' },
        Ip: { type: 'string' },
      },
    },
  },
  success: 'success',
  empty: { data: 'list', info: 'No entries' },
  refusals: {
    badTime: { code: 400, info: 'From and To must be dates (ISO 8601)' },
  },
});
