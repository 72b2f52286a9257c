import type { FastifyRequest } from 'fastify';

/**
 * Errors that mean the database cannot be reached right now (stopped, restarting, out of
 * connections), as opposed to a bug: the call answers 503 with Retry-After, the client tries
 * again, and nothing is logged as an unexpected error. drizzle wraps the driver's error in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Seconds a client waits before trying again: a restart of PostgreSQL takes a few. */
export const RETRY_AFTER_SECONDS = 5;

// Socket errors, and PostgreSQL's SQLSTATEs for shutdown (57P01-57P03), connection failure (08xxx)
// and too many connections (53300).
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
// node-postgres' own wording for a lost or never-made connection, and its query and connect timeouts.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Probes a load balancer sends: answered even under pressure, so it can tell "busy" from "dead". */
export const PROBES = new Set(['/api/health', '/api/ready']);
/** Calls that wait for a change, holding no database connection meanwhile: not counted among the calls in flight. */
export const LONG_POLLS = new Set(['/api/Alarm/WaitBell']);

/** Thrown when the portal sheds a call; the error handler answers it (503, Retry-After, envelope). */
export class Overloaded extends Error {
  readonly statusCode = 503;
  constructor() {
    super(`The portal is busy, please try again in ${RETRY_AFTER_SECONDS} seconds`);
  }
}

/**
 * The app's page and its chunks (GET /app/...): files from disk. A page whose chunk is refused
 * cannot render and shows the router's error page, while a refused API call is tried again after
 * Retry-After (a cold load on a slow phone met both, docs/RELIABILITY.md).
 */
const isAppFile = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.url === '/app' || request.url.startsWith('/app/'));

/**
 * The load shedding's answer (`load-shedding.ts`): beyond capacity (the event loop's delay lasts) a
 * call is refused at once instead of waiting in a queue without bound. The probes and the app's files go through.
 */
export async function shedLoad(request: FastifyRequest): Promise<void> {
  if (!PROBES.has(request.url) && !isAppFile(request)) throw new Overloaded();
}
