import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
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
  const http = new KyPortalHttpAdapter(new StorageSessionStore(storage), notifier, { baseUrl, timeoutMs: 2000 });
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
    expect(answer).toEqual({ kind: 'uploaded', url: '/api/Knowledge/File/i1/a.png' });
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
    expect(await api.deleteNode(6)).toEqual({ kind: 'refused', message: 'The classification still holds folders or articles' });
    expect(await api.getTree('knowledge')).toEqual({ kind: 'forbidden' });
    expect(await api.uploadImage(new File(['x'], 'a.svg'))).toEqual({ kind: 'refused', message: 'Only PNG, JPEG, GIF or WebP' });
    expect([errors, dialogs]).toEqual([[], []]);
  });

  it('reads the tree, a folder change, and the article list (the no-data marker is an empty list)', async () => {
    const tree = [{ id: 1, library: 'knowledge', parentId: null, name: 'root directory', nameEn: 'root directory', lang: null, sort: 0, articleCount: 0, children: [] }];
    const row = { Id: 42, NodeId: 6, Title: 'Nozzle care', Lable: 'nozzle', Series: 'G', Language: 'en', CreateTime: '2026-03-02T00:00:00Z', ViewCount: 7 };
    answers['/api/KnowledgeAdmin/GetTree'] = { status: 200, body: { code: 200, info: 'success', ReturnData: tree } };
    answers['/api/KnowledgeAdmin/GetArticles'] = { status: 200, body: { code: 200, info: 'success', ReturnData: [row], ReturnCount: 45 } };
    expect(await api.getTree('knowledge')).toEqual({ kind: 'tree', roots: tree });
    expect(await api.saveNode({ Library: 'knowledge', ParentId: 4, Name: '新', NameEn: 'New' })).toEqual({ kind: 'saved', id: 5 });
    expect(await api.moveNode(7, 4)).toEqual({ kind: 'done' });
    expect(await api.getArticles(6, { offset: 0, size: 20 })).toEqual({ kind: 'list', rows: [row], total: 45 });
    answers['/api/KnowledgeAdmin/GetArticles'] = { status: 200, body: { code: 200, info: '暂无数据', ReturnData: '暂无数据', ReturnCount: 0 } };
    expect(await api.getArticles(7, { offset: 0, size: 20 })).toEqual({ kind: 'list', rows: [], total: 0 });
    // A tree that fails, or holds no root, is the info to show.
    answers['/api/KnowledgeAdmin/GetTree'] = { status: 500, body: { code: 500, info: 'db down' } };
    expect(await api.getTree('knowledge')).toEqual({ kind: 'refused', message: 'db down' });
    answers['/api/KnowledgeAdmin/GetTree'] = { status: 200, body: { code: 200, info: 'success', ReturnData: [] } };
    expect(await api.getTree('knowledge')).toEqual({ kind: 'refused', message: 'success' });
  });

  it('reads an article, its save, its files, and their refusals', async () => {
    const article = {
      Id: 42, NodeId: 6, Library: 'knowledge', Title: 'Nozzle care', Lable: 'nozzle', Series: 'G', Language: 'en', CreateTime: '2026-03-02T00:00:00Z', ViewCount: 7,
      HtmlContent: '<p>Clean it.</p>', Attachments: [],
    };
    const file = { Id: 'f2', FileName: 'setup.exe', Size: 10, Url: '/api/Knowledge/File/f2/setup.exe' };
    answers['/api/KnowledgeAdmin/GetArticle'] = { status: 200, body: { code: 200, info: 'success', ReturnData: article } };
    answers['/api/KnowledgeAdmin/UploadAttachment'] = { status: 200, body: { code: 200, info: 'success', ReturnData: file } };
    expect(await api.getArticle(42)).toEqual({ kind: 'found', article });
    expect(await api.saveArticle({ NodeId: 6, Title: 'T', Lable: '', Series: '', Language: 'en', HtmlContent: '<p>x</p>' })).toEqual({ kind: 'saved', id: 5 });
    expect(await api.attachFile(42, new File(['x'.repeat(10)], 'setup.exe'))).toEqual({ kind: 'attached', attachment: file });
    expect(await api.deleteArticle(42)).toEqual({ kind: 'done' });
    expect(await api.removeAttachment('f1')).toEqual({ kind: 'done' });

    answers['/api/KnowledgeAdmin/GetArticle'] = { status: 404, body: { code: 404, info: 'The article does not exist' } };
    answers['/api/KnowledgeAdmin/SaveArticle'] = { status: 200, body: { code: 400, info: 'The folder holds Chinese articles' } };
    expect(await api.getArticle(42)).toEqual({ kind: 'refused', message: 'The article does not exist' });
    expect(await api.saveArticle({ NodeId: 6, Title: 'T', Lable: '', Series: '', Language: 'en', HtmlContent: '<p>x</p>' })).toEqual({
      kind: 'refused',
      message: 'The folder holds Chinese articles',
    });
  });

  it('still shows the login-expired dialog', async () => {
    answers['/api/KnowledgeAdmin/UploadAttachment'] = { status: 401, body: { code: 401, info: 'Login has expired, please log in again' } };
    await api.attachFile(1, new File(['x'], 'a.txt'));
    expect(dialogs).toEqual(['loginExpired']);
  });
});
