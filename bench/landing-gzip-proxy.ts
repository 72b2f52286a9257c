import http from 'node:http';
import { gzipSync } from 'node:zlib';

// The portal does not compress what it sends (src/server/app.ts serves dist/ with @fastify/static
// and no compression), and Lighthouse's first finding is "Enable text compression". To show what
// compression would give, the landing bench also measures the same portal behind this proxy, which
// gzips text answers as a compressing server would (static files once, then from memory).

const TEXT = /javascript|json|html|css|svg|text\//;

/** A loopback proxy in front of `target` that gzips text answers larger than 1 kB. */
export async function startGzipProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const cache = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const accepts = /gzip/.test(String(req.headers['accept-encoding']));
      const key = `${req.url}|${accepts}`;
      const cacheable = req.method === 'GET' && req.url!.includes('/assets/');
      let answer = cacheable ? cache.get(key) : undefined;
      if (!answer) {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
        const upstream = await fetch(target + req.url, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
          redirect: 'manual',
        });
        const raw = Buffer.from(await upstream.arrayBuffer());
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, key) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(key)) out[key] = value;
        });
        const gzip = accepts && TEXT.test(out['content-type'] ?? '') && raw.length > 1024;
        const body = gzip ? gzipSync(raw, { level: 9 }) : raw;
        if (gzip) out['content-encoding'] = 'gzip';
        out['content-length'] = String(body.length);
        answer = { status: upstream.status, headers: out, body };
        if (cacheable && upstream.ok) cache.set(key, answer);
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (error) {
      res.writeHead(502);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
