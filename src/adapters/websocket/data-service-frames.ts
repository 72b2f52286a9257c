import { refused } from '../../domain/shared/refused';
import type { SheetFrame, SheetRefusal } from '../../domain/telemetry/sheet-protocol';

/**
 * The frames of the websocket data service (ADR 0005) as they travel: the login and the group
 * query the page sends, and the server's frames read into domain terms, without ever throwing.
 */

export interface AuthFrame {
  type: 'auth';
  token: string;
}

export interface QueryFrame {
  type: 'query';
  id: number;
  orderNumber: string;
  keys: string[];
}

export const authFrame = (token: string): AuthFrame => ({ type: 'auth', token });

export const queryFrame = (id: number, orderNumber: string, keys: readonly string[]): QueryFrame => ({
  type: 'query',
  id,
  orderNumber,
  keys: [...keys],
});

/** The close code of a socket whose login the server refused (or that did not log in in time). */
export const LOGIN_REFUSED_CLOSE = 4401;

/** A refused login, in domain terms (the server also closes with LOGIN_REFUSED_CLOSE). */
export const LOGIN_REFUSED: SheetFrame = { type: 'refused', id: null, refusal: { kind: 'auth' } };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An `error` frame's code as the refusal it means: 404 not the caller's machine, 401 the login, else its text. */
function refusalOf(code: unknown, info: string): SheetRefusal {
  if (code === 404) return { kind: 'not-yours' };
  if (code === 401) return { kind: 'auth' };
  return refused(info || String(typeof code === 'number' ? code : 0));
}

/** A received text frame (or its parsed JSON) as a SheetFrame; anything unreadable is null. */
export function readSheetFrame(data: unknown): SheetFrame | null {
  let frame: unknown = data;
  if (typeof data === 'string') {
    try {
      frame = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return null;
  const f = frame as Record<string, unknown>;
  switch (f.type) {
    case 'ready':
      return { type: 'ready' };
    case 'values':
      return { type: 'values', id: id(f.id), orderNumber: text(f.orderNumber), at: text(f.at), values: f.values };
    case 'server-message':
      return { type: 'server-message', id: id(f.id), orderNumber: text(f.orderNumber), info: text(f.info) };
    case 'error':
      return { type: 'refused', id: id(f.id), refusal: refusalOf(f.code, text(f.info)) };
    default:
      return null;
  }
}
