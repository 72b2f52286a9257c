import Fastify from 'fastify';

// The baseline: Fastify with one hello-world route, no hooks, no validation, no logging.
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ code: 200, info: 'ok', ReturnData: { status: 'up' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
