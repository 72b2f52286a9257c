import type { Refused } from '../shared/refused';

/**
 * What the websocket data service (ADR 0005) tells a sheet page, in domain terms: ready after the
 * login, the values of a query, "offline" for a silent machine, or a refusal. The frames on the
 * wire, their codes and texts, are the websocket adapter's to read and write.
 */

/** Why the data service refused: the machine is not the caller's (or unknown), the login is refused, or another refusal with its message. */
export type SheetRefusal = { kind: 'not-yours' } | { kind: 'auth' } | Refused;

export type SheetFrame =
  | { type: 'ready' }
  | { type: 'values'; id: number | null; orderNumber: string; at: string; values: unknown }
  | { type: 'server-message'; id: number | null; orderNumber: string; info: string }
  | { type: 'refused'; id: number | null; refusal: SheetRefusal };
