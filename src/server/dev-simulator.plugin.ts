import type { FastifyInstance } from 'fastify';
import type { Access } from '../domain/shared/access';
import { isLoopback } from '../domain/shared/loopback';

/** The portal's own demo fleet simulator, once it runs (start.ts sets it after the portal listens). */
export interface DemoSimulatorHandle {
  current: { fail(orderNumber: string, seconds: number): boolean } | null;
}

const PUBLIC: Access = 'public';
const DEFAULT_SECONDS = 90;

/**
 * `POST /dev/simulator/fail {OrderNumber, Seconds?}`: makes one of the portal's simulated demo
 * machines fail now (`npm run simulate -- --fail`, issue 39). The portal's simulator holds the
 * demo machines' MQTT connections (client id = order number), so a second process connecting as
 * the same machine would knock it off; asking the portal avoids that. From this machine only.
 */
export async function devSimulatorPlugin(app: FastifyInstance, opts: { handle: DemoSimulatorHandle }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.ip)) return reply.code(404).send({ code: 404, info: 'Not found', ReturnData: null });
  });
  app.post<{ Body: { OrderNumber: string; Seconds?: number } }>(
    '/dev/simulator/fail',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['OrderNumber'],
          properties: { OrderNumber: { type: 'string', minLength: 1, maxLength: 64 }, Seconds: { type: 'integer', minimum: 1, maximum: 3600 } },
        },
      },
    },
    async (request, reply) => {
      const { OrderNumber, Seconds } = request.body;
      if (!opts.handle.current?.fail(OrderNumber, Seconds ?? DEFAULT_SECONDS)) {
        return reply.code(404).send({ code: 404, info: `The portal does not simulate machine ${OrderNumber}`, ReturnData: null });
      }
      return { code: 200, info: 'success', ReturnData: null };
    },
  );
}
