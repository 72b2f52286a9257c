/** The frames of the websocket data service (ADR 0005), built and read without ever throwing. */

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

/** What the server sends: ready after auth, the values of a query, "offline" for a silent machine, or a refusal. */
export type SheetFrame =
  | { type: 'ready' }
  | { type: 'values'; id: number | null; orderNumber: string; at: string; values: unknown }
  | { type: 'server-message'; id: number | null; orderNumber: string; info: string }
  | { type: 'error'; id: number | null; code: number; info: string };

export const authFrame = (token: string): AuthFrame => ({ type: 'auth', token });

export const queryFrame = (id: number, orderNumber: string, keys: readonly string[]): QueryFrame => ({
  type: 'query',
  id,
  orderNumber,
  keys: [...keys],
});

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

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
      return { type: 'error', id: id(f.id), code: typeof f.code === 'number' ? f.code : 0, info: text(f.info) };
    default:
      return null;
  }
}
