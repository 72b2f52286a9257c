import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KyKnowledgeAdminApi } from '../../src/adapters/ky/ky-knowledge-admin-api.adapter';
import { KyPortalHttpAdapter } from '../../src/adapters/ky/ky-portal-http.adapter';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import type { NoticeDialog, NotifierPort } from '../../src/ports/notifier.port';

// The KnowledgeAdmin calls over HTTP: JSON bodies, the two multipart uploads (ArticleId before the
// file), the token header on all, and refusals handed back without a toast (the page shows them).

interface Seen {
  path: string;
  token: string | undefined;
  contentType: string;
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
const answers: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', token: req.headers.token as string | undefined, contentType: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers[req.url ?? ''] ?? { status: 200, body: { code: 200, info: 'success', ReturnData: { Id: 5 } } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
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
let api: KyKnowledgeAdminApi;

beforeEach(() => {
  seen.length = 0;
  values.clear();
  for (const key of Object.keys(answers)) delete answers[key];
  errors = [];
  dialogs = [];
  values.set('token', 'tok-staff');
  const notifier: NotifierPort = { error: (text) => void errors.push(text), success: () => {}, warning: () => {}, dialog: (kind) => void dialogs.push(kind) };
  const http = new KyPortalHttpAdapter(storage, notifier, { baseUrl, timeoutMs: 2000 });
  api = new KyKnowledgeAdminApi(http, http);
});

const json = (s: Seen) => JSON.parse(s.body) as unknown;

describe('KyKnowledgeAdminApi', () => {
  it('posts each JSON call to its KnowledgeAdmin action with the token', async () => {
    await api.getTree('guide');
    await api.getArticles(6, { offset: 20, size: 20 });
    await api.saveNode({ Library: 'knowledge', ParentId: 4, Name: '切割头', NameEn: 'Cutting heads' });
    await api.moveNode(7, 4);
    await api.deleteNode(7);
    await api.getArticle(42);
    await api.saveArticle({ NodeId: 6, Title: 'T', Lable: 'l', Series: 'G', Language: 'en', HtmlContent: '<p>x</p>' });
    await api.deleteArticle(42);
    await api.removeAttachment('f1');
    expect(seen.map((s) => [s.path, json(s)])).toEqual([
      ['/api/KnowledgeAdmin/GetTree', { Library: 'guide' }],
      ['/api/KnowledgeAdmin/GetArticles', { NodeId: 6, PrevPageNums: 20, TopNums: 20 }],
      ['/api/KnowledgeAdmin/SaveNode', { Library: 'knowledge', ParentId: 4, Name: '切割头', NameEn: 'Cutting heads' }],
      ['/api/KnowledgeAdmin/MoveNode', { Id: 7, ParentId: 4 }],
      ['/api/KnowledgeAdmin/DeleteNode', { Id: 7 }],
      ['/api/KnowledgeAdmin/GetArticle', { Id: 42 }],
      ['/api/KnowledgeAdmin/SaveArticle', { NodeId: 6, Title: 'T', Lable: 'l', Series: 'G', Language: 'en', HtmlContent: '<p>x</p>' }],
      ['/api/KnowledgeAdmin/DeleteArticle', { Id: 42 }],
      ['/api/KnowledgeAdmin/DeleteAttachment', { Id: 'f1' }],
    ]);
    expect(seen.every((s) => s.token === 'tok-staff')).toBe(true);
  });

  it('uploads a picture as multipart with the field file', async () => {
    answers['/api/KnowledgeAdmin/UploadImage'] = { status: 200, body: { code: 200, info: 'success', ReturnData: { Id: 'i1', FileName: 'a.png', Url: '/api/Knowledge/File/i1/a.png' } } };
    const answer = await api.uploadImage(new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }));
    expect(answer.ReturnData?.Url).toBe('/api/Knowledge/File/i1/a.png');
    const [upload] = seen;
    expect(upload.path).toBe('/api/KnowledgeAdmin/UploadImage');
    expect(upload.token).toBe('tok-staff');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toMatch(/name="file"; filename="a.png"/);
  });

  it('sends ArticleId before the file of an attachment', async () => {
    await api.attachFile(42, new File(['zip'], 'setup.zip', { type: 'application/zip' }));
    const body = seen[0].body;
    expect(seen[0].path).toBe('/api/KnowledgeAdmin/UploadAttachment');
    expect(body.indexOf('name="ArticleId"')).toBeGreaterThan(-1);
    expect(body.indexOf('name="ArticleId"')).toBeLessThan(body.indexOf('name="file"'));
    expect(body).toMatch(/name="ArticleId"\r\n\r\n42\r\n/);
  });

  it('hands refusals back without a toast, and the staff-only answer too', async () => {
    answers['/api/KnowledgeAdmin/DeleteNode'] = { status: 200, body: { code: 400, info: 'The classification still holds folders or articles' } };
    answers['/api/KnowledgeAdmin/GetTree'] = { status: 403, body: { code: 403, info: 'This action is for service staff only', ReturnData: null } };
    answers['/api/KnowledgeAdmin/UploadImage'] = { status: 200, body: { code: 400, info: 'Only PNG, JPEG, GIF or WebP' } };
    expect((await api.deleteNode(6)).info).toBe('The classification still holds folders or articles');
    expect((await api.getTree('knowledge')).code).toBe(403);
    expect((await api.uploadImage(new File(['x'], 'a.svg'))).code).toBe(400);
    expect([errors, dialogs]).toEqual([[], []]);
  });

  it('still shows the login-expired dialog', async () => {
    answers['/api/KnowledgeAdmin/UploadAttachment'] = { status: 401, body: { code: 401, info: 'Login has expired, please log in again' } };
    await api.attachFile(1, new File(['x'], 'a.txt'));
    expect(dialogs).toEqual(['loginExpired']);
  });
});
