import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LONG_POLLS, Overloaded, PROBES } from './unavailable';

/**
 * A bound on API calls the portal works on at once (issue 22, item 3). The event-loop shedding
 * (`load-shedding.ts`) reacts to a lagging loop, not to a long queue of calls that each wait
 * on PostgreSQL: at 1,000 connections 768 calls waited past the 20 s client timeout without the
 * loop ever lagging. Beyond `max` a call is refused at once with 503 and Retry-After (the error
 * handler's answer for `Overloaded`), so a client retries later instead of timing out. The probes,
 * the SPA's files, the live connections and the bell's long poll are not counted.
 */
export function limitCallsInFlight(app: FastifyInstance, max: number): void {
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || PROBES.has(request.url) || LONG_POLLS.has(request.url)) return;
    if (inFlight >= max) throw new Overloaded();
    inFlight++;
    counted.add(request);
  });
  // A call ends once: answered, or abandoned by its client.
  const release = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight--;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
