import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileNameFromDisposition, KyPortalHttpAdapter } from '../../src/adapters/ky/ky-portal-http.adapter';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import type { NoticeDialog, NotifierPort } from '../../src/ports/notifier.port';

// Downloads (Machine/ExportCsv, ADR 0006): a CSV with a BOM and Content-Disposition, or the envelope.
const CSV = '\uFEFFTaskName,CuttingLength\nPanel A,12.5\n';

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/api/Machine/ExportCsv': (_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="LC-1-report.csv"; filename*=UTF-8''${encodeURIComponent('LC-1 报表.csv')}`,
    });
    res.end(CSV);
  },
  '/api/Machine/Plain': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end('a\n');
  },
  '/api/Machine/Refused': (_req, res) => json(res, 200, { code: 400, info: 'at most 7 days' }),
  '/api/Machine/Expired': (_req, res) => json(res, 401, { code: 401, info: 'Login has expired, please log in again' }),
  '/api/Machine/Gateway': (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html>Bad gateway</html>');
  },
  '/api/Machine/Slow': (_req, res) => {
    setTimeout(() => {
      if (!res.writableEnded && !res.destroyed) res.end('late');
    }, 10_000);
  },
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

let server: Server;
let baseUrl: string;
const seen: Array<{ path: string; token: string | undefined; body: unknown }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', token: req.headers.token as string | undefined, body: body ? JSON.parse(body) : undefined });
      const handler = routes[req.url ?? ''];
      if (handler) handler(req, res);
      else json(res, 404, { code: 404, info: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const values = new Map<StorageKey, string>();
const storage: KeyValueStoragePort = {
  get: (key) => values.get(key) ?? null,
  set: (key, value) => void values.set(key, value),
  remove: (key) => void values.delete(key),
  clearExcept: () => values.clear(),
};

let errors: string[];
let dialogs: NoticeDialog[];
let http: KyPortalHttpAdapter;

beforeEach(() => {
  seen.length = 0;
  values.clear();
  errors = [];
  dialogs = [];
  const notifier: NotifierPort = { error: (text) => void errors.push(text), success: () => {}, warning: () => {}, dialog: (kind) => void dialogs.push(kind) };
  // Far above a loopback answer on a loaded machine (200 ms once timed out answers only waiting for a core).
  http = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 2_000, downloadTimeoutMs: 3_000 });
});

describe('KyPortalHttpAdapter.download', () => {
  it('posts the body with the token and hands back the file with the name the server gave', async () => {
    values.set('token', 'tok-9');
    const answer = await http.download('api/Machine/ExportCsv', { OrderNumber: 'LC-1', Table: 'report' });
    expect(seen).toEqual([{ path: '/api/Machine/ExportCsv', token: 'tok-9', body: { OrderNumber: 'LC-1', Table: 'report' } }]);
    expect(answer.kind).toBe('file');
    if (answer.kind !== 'file') return;
    expect(answer.fileName).toBe('LC-1 报表.csv');
    expect(answer.contentType).toContain('text/csv');
    // The BOM is kept: Excel needs it to read UTF-8.
    expect(new Uint8Array(await answer.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(await answer.blob.text()).toContain('Panel A,12.5');
    expect([errors, dialogs]).toEqual([[], []]);
  });

  it('gives no name when the server sends none', async () => {
    const answer = await http.download('api/Machine/Plain', {});
    expect(answer).toMatchObject({ kind: 'file', fileName: null });
  });

  it('hands back a refusal as the envelope, toasting it unless quiet', async () => {
    expect(await http.download('api/Machine/Refused', {})).toEqual({ kind: 'envelope', envelope: { code: 400, info: 'at most 7 days' } });
    expect(errors).toEqual(['at most 7 days']);
    await http.download('api/Machine/Refused', {}, undefined, { quiet: true });
    expect(errors).toEqual(['at most 7 days']);
  });

  it('opens the login-expired dialog for an expired login, and makes an envelope of a gateway error page', async () => {
    const expired = await http.download('api/Machine/Expired', {}, undefined, { quiet: true });
    expect(expired).toMatchObject({ kind: 'envelope', envelope: { code: 401 } });
    expect(dialogs).toEqual(['loginExpired']);
    const gateway = await http.download('api/Machine/Gateway', {}, undefined, { quiet: true });
    expect(gateway).toMatchObject({ kind: 'envelope', envelope: { code: 502 } });
  });

  it('waits the download timeout (longer than a call) and then shows the timed-out dialog', async () => {
    const started = Date.now();
    await expect(http.download('api/Machine/Slow', {})).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(dialogs).toEqual(['timedOut']);
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the plain one and drops path parts', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.csv`)).toBe('报表.csv');
    expect(fileNameFromDisposition('attachment; filename="quoted \\"name\\".csv"')).toBe('quoted "name".csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.csv"`)).toBe('fallback.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
