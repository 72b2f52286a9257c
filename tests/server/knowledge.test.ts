import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContract } from '../../src/contract/call';
import * as Knowledge from '../../src/contract/knowledge';
import * as KnowledgeAdmin from '../../src/contract/knowledge-admin';
import { importContent } from '../../src/server/services/knowledge/content-import';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let portal: TestPortal;
let customer: TestCustomer;
let staff: string;
let contentDir: string;

function writeContent(dir: string) {
  mkdirSync(path.join(dir, 'knowledge'), { recursive: true });
  mkdirSync(path.join(dir, 'download', 'files'), { recursive: true });
  mkdirSync(path.join(dir, 'guide'), { recursive: true });
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  writeFileSync(path.join(dir, 'images', 'dot.png'), PNG);
  writeFileSync(path.join(dir, 'download', 'files', 'runtime.txt'), 'vc_redist 14.40\n');
  const top = 'top: { zh: 板材激光切割机, en: Sheet laser cutting machines }';
  writeFileSync(
    path.join(dir, 'knowledge', 'nozzle.zh.md'),
    `---\nlibrary: knowledge\npath: [板材激光切割机, 日常维护]\n${top}\ntitle: 喷嘴的检查与更换\nlabel: 喷 嘴\nseries: G\nlanguage: zh\ncreated: 2025-05-01\n---\n\n## 检查\n\n每天开机前检查喷嘴是否变形。<script>alert(1)</script>\n\n![喷嘴](../images/dot.png)\n`,
  );
  writeFileSync(
    path.join(dir, 'knowledge', 'nozzle.en.md'),
    `---\nlibrary: knowledge\npath: [Sheet laser cutting machines, Daily maintenance]\n${top}\ntitle: Checking and replacing the nozzle\nlabel: nozzle\nseries: G\nlanguage: en\ncreated: 2025-05-02\n---\n\nCheck the nozzles for burrs and dents before every shift. <img src="https://example.com/x.png" onerror="alert(1)">\n`,
  );
  writeFileSync(
    path.join(dir, 'knowledge', 'piercing.en.md'),
    `---\nlibrary: knowledge\npath: [Sheet laser cutting machines, Cutting process, Thick plate]\n${top}\ntitle: Piercing thick plate without blow-back\nlabel: piercing\nseries: H\nlanguage: en\ncreated: 2025-07-01\n---\n\nStaged piercing lowers the power and raises the nozzle while the hole opens.\n`,
  );
  writeFileSync(
    path.join(dir, 'download', 'runtime.en.md'),
    `---\nlibrary: download\npath: [Runtime packages]\ntitle: Runtime packages for the nesting software\nlabel: runtime\nlanguage: en\nattachments: [files/runtime.txt]\n---\n\nInstall the Visual C++ runtime before the nesting software.\n`,
  );
  writeFileSync(
    path.join(dir, 'guide', 'startup.en.md'),
    `---\nlibrary: guide\npath: [Start-up]\ntitle: First start-up checklist\nlabel: start-up\nlanguage: en\n---\n\nTurn on the chiller first, then the laser source, then the machine.\n`,
  );
  writeFileSync(path.join(dir, 'knowledge', 'broken.en.md'), `---\nlibrary: nowhere\ntitle: x\nlanguage: en\n---\nx`);
}

beforeAll(async () => {
  portal = await createTestPortal();
  customer = await createCustomer(portal, 'kb');
  staff = (await portal.login('staff@example.com', 'staff1234')).token;
  contentDir = mkdtempSync(path.join(tmpdir(), 'kb-content-'));
  writeContent(contentDir);
  const s = portal.services;
  const report = await importContent(contentDir, { store: s.knowledgeStore, files: s.files, admin: s.knowledgeAdmin });
  expect(report.problems, JSON.stringify(report.problems)).toHaveLength(1);
  expect(report).toMatchObject({ added: 5, updated: 0 });
  expect(report.problems).toEqual([{ file: 'knowledge/broken.en.md', problem: expect.stringMatching(/library/) }]);
});
afterAll(async () => {
  await portal.close();
  rmSync(contentDir, { recursive: true, force: true });
});

const call = async (pathName: string, body: unknown = {}, token?: string) => portal.call(pathName, body, token);
const tree = async (pathName: string, lang?: string, token?: string) => (await call(pathName, lang ? { lang } : {}, token)).body.ReturnData[0];
const find = (node: any, name: string): any => (node.name === name ? node : node.children.map((c: any) => find(c, name)).find(Boolean));
const articles = async (pathName: string, body: Record<string, unknown>, token?: string) => (await call(pathName, body, token)).body;

describe('the classification trees', () => {
  it('roots carry the names of the spec, with language branches below the knowledge classifications and the other roots', async () => {
    const knowledge = await tree('KnowledgeClassify/GetJstreeDataAllowAnonymous');
    expect(knowledge).toMatchObject({ name: 'root directory', parentId: null, lang: null });
    const sheet = knowledge.children[0];
    expect(sheet).toMatchObject({ name: '板材激光切割机', lang: null, parentId: knowledge.id });
    expect(sheet.children.map((c: any) => [c.name, c.lang])).toEqual([
      ['中文', 'zh'],
      ['English', 'en'],
    ]);
    expect(find(sheet, 'Thick plate')).toMatchObject({ lang: 'en' });
    expect((await tree('KnowledgeClassify/GetJstreeDataAllowAnonymous', 'en')).children[0].name).toBe('Sheet laser cutting machines');
    const download = await tree('SoftwareDownload/GetJstreeData');
    expect(download.name).toBe('根目录');
    expect(download.children.map((c: any) => c.name)).toEqual(['中文', 'English']);
  });

  it('keeps the guide and common faults for logged-in callers', async () => {
    expect((await call('OperationGuide/GetJstreeData', {})).status).toBe(401);
    expect((await call('CommonFaults/GetContents', {})).status).toBe(401);
    const guide = await tree('OperationGuide/GetJstreeData', 'en', customer.token);
    expect(find(guide, 'Start-up')).toBeTruthy();
    expect((await articles('OperationGuide/GetContents', {}, customer.token)).ReturnData[0].Title).toBe('First start-up checklist');
    expect((await articles('CommonFaults/GetContents', {}, customer.token)).ReturnData).toBe('暂无数据');
  });
});

describe('the contents calls', () => {
  it('list a folder with every folder below it, newest first, with the spec columns', async () => {
    const root = await tree('KnowledgeClassify/GetJstreeDataAllowAnonymous');
    const english = find(root.children[0], 'English');
    const answer = await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: '', NodeId: english.id, Title: '', Lable: '', Series: '' });
    expect(answer.ReturnCount).toBe(2);
    expect(answer.ReturnData.map((r: any) => r.Title)).toEqual(['Piercing thick plate without blow-back', 'Checking and replacing the nozzle']);
    expect(Object.keys(answer.ReturnData[0]).sort()).toEqual(['CreateTime', 'Id', 'Lable', 'Language', 'NodeId', 'Series', 'Title', 'ViewCount']);
    expect(answer.ReturnData[0]).toMatchObject({ Lable: 'piercing', Series: 'H', Language: 'en', CreateTime: '2025-07-01T00:00:00.000Z' });
    const thick = find(root.children[0], 'Thick plate');
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { NodeId: thick.id })).ReturnCount).toBe(1);
  });

  it('match labels without whitespace and titles as substrings; Series exactly; nothing found is the no-data marker', async () => {
    const byLabel = await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Lable: ' 喷 嘴 ' });
    expect(byLabel.ReturnData.map((r: any) => r.Title)).toEqual(['喷嘴的检查与更换']);
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'PIERCING' })).ReturnCount).toBe(1);
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Series: 'G' })).ReturnCount).toBe(2);
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: '100%_' })).ReturnData).toBe('暂无数据');
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { NodeId: 999999 })).ReturnData).toBe('暂无数据');
  });

  it('answer one article with its sanitised body, its images served from the file store, and attachments', async () => {
    const [zh] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Lable: '喷嘴' })).ReturnData;
    const [article] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: zh.Id })).ReturnData;
    expect(article.HtmlContent).toContain('<h2>检查</h2>');
    expect(article.HtmlContent).not.toMatch(/script|alert/);
    const src = /<img src="([^"]+)"/.exec(article.HtmlContent)![1]!;
    expect(src).toMatch(/^\/api\/Knowledge\/File\/[0-9a-f-]{36}\/dot\.png$/);
    const image = await portal.app.inject({ method: 'GET', url: src });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain('sandbox');

    const [runtime] = (await articles('SoftwareDownload/GetContents', { Title: 'runtime' })).ReturnData;
    const [withFiles] = (await articles('SoftwareDownload/GetContents', { Id: runtime.Id })).ReturnData;
    expect(withFiles.Attachments).toEqual([expect.objectContaining({ FileName: 'runtime.txt', Size: 16 })]);
    const file = await portal.app.inject({ method: 'GET', url: withFiles.Attachments[0].Url });
    expect(file.body).toBe('vc_redist 14.40\n');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="runtime.txt"/);
    expect((await portal.app.inject({ method: 'GET', url: withFiles.Attachments[0].Url.replace('runtime.txt', 'other.txt') })).statusCode).toBe(404);
  });

  it("does not answer an article through another library's call", async () => {
    const [runtime] = (await articles('SoftwareDownload/GetContents', { Title: 'runtime' })).ReturnData;
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: runtime.Id })).ReturnData).toBe('暂无数据');
    const [guide] = (await articles('OperationGuide/GetContents', {}, customer.token)).ReturnData;
    expect((await articles('SoftwareDownload/GetContents', { Id: guide.Id })).ReturnData).toBe('暂无数据');
  });

  it('refuse ids that are not ids', async () => {
    for (const Id of ['abc', '1.5', -3, '99999999999']) {
      const answer = await call('KnowledgeClassify/GetContentsAllowAnonymous', { Id });
      expect(answer.body.code, String(Id)).toBe(400);
    }
  });
});

describe('view counts', () => {
  it('count every view and answer the count', async () => {
    const [row] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'Piercing' })).ReturnData;
    const before = (await call('KnowledgeClassify/GetTouristVolume', { KnowledgeId: row.Id })).body.ReturnData;
    expect((await call('KnowledgeClassify/SaveTouristVolume', { KnowledgeId: row.Id })).body.ReturnData).toBe(before + 1);
    expect((await call('KnowledgeClassify/SaveTouristVolume', { KnowledgeId: String(row.Id) })).body.ReturnData).toBe(before + 2);
    expect((await call('KnowledgeClassify/GetTouristVolume', { KnowledgeId: row.Id })).body.ReturnData).toBe(before + 2);
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: row.Id })).ReturnData[0].ViewCount).toBe(before + 2);
    expect((await call('KnowledgeClassify/SaveTouristVolume', { KnowledgeId: 987654 })).body.code).toBe(404);
  });

  it('survive a second import, which updates instead of adding', async () => {
    const [row] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'Piercing' })).ReturnData;
    const s = portal.services;
    const report = await importContent(contentDir, { store: s.knowledgeStore, files: s.files, admin: s.knowledgeAdmin });
    expect(report).toMatchObject({ added: 0, updated: 5 });
    const [again] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'Piercing' })).ReturnData;
    expect(again).toMatchObject({ Id: row.Id, ViewCount: row.ViewCount });
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', {})).ReturnCount).toBe(3);
  });
});

describe('full-text search', () => {
  const search = async (body: Record<string, unknown>, token?: string) => (await call('KnowledgeClassify/SearchAllowAnonymous', body, token)).body;

  it('finds Chinese words inside unspaced text and marks them', async () => {
    const answer = await search({ Keyword: '喷嘴变形' });
    expect(answer.ReturnData[0]).toMatchObject({ Title: '喷嘴的检查与更换', Library: 'knowledge', Language: 'zh' });
    expect(answer.ReturnData[0].Snippet).toContain('<mark>喷嘴</mark>');
    expect(answer.ReturnData[0].TitleHtml).toBe('<mark>喷嘴</mark>的检查与更换');
  });

  it('finds English words in other forms (stemmed), ranks title matches first', async () => {
    const answer = await search({ Keyword: 'nozzles' });
    expect(answer.ReturnData[0].Title).toBe('Checking and replacing the nozzle');
    expect(answer.ReturnData[0].Snippet).toContain('<mark>nozzles</mark>');
    const piercing = await search({ Keyword: 'pierce thick plates', Language: 'en' });
    expect(piercing.ReturnData[0].Title).toBe('Piercing thick plate without blow-back');
  });

  it('keeps the guide out of a visitor search, in a customer search', async () => {
    expect((await search({ Keyword: 'chiller' })).ReturnData).toBe('暂无数据');
    expect((await search({ Keyword: 'chiller' }, customer.token)).ReturnData[0].Library).toBe('guide');
    expect((await search({ Keyword: 'chiller', Library: 'guide' })).code).toBe(403);
  });

  it('escapes what it highlights and treats query syntax as text', async () => {
    for (const Keyword of ["nozzle' & !", '<b>nozzle</b>', 'a:* | b', '\\', '((']) {
      const answer = await search({ Keyword });
      expect(answer.code, Keyword).toBe(200);
      for (const hit of Array.isArray(answer.ReturnData) ? answer.ReturnData : []) expect(hit.Snippet + hit.TitleHtml).not.toMatch(/<(?!\/?mark>)/);
    }
    expect((await search({ Keyword: '   ' })).code).toBe(400);
  });
});

describe('staff authoring', () => {
  const admin = async (action: string, body: Record<string, unknown>, token = staff) => (await call(`KnowledgeAdmin/${action}`, body, token)).body;

  it('is for staff only', async () => {
    expect((await call('KnowledgeAdmin/GetTree', { Library: 'knowledge' }, customer.token)).status).toBe(403);
    expect((await call('KnowledgeAdmin/GetTree', { Library: 'knowledge' })).status).toBe(401);
  });

  it('adds a classification with its branches, folders below branches, moves and deletes only what may go', async () => {
    const [root] = (await admin('GetTree', { Library: 'knowledge' })).ReturnData;
    await tree('KnowledgeClassify/GetJstreeDataAllowAnonymous', 'en'); // cached by the reading side...
    const top = await admin('SaveNode', { Library: 'knowledge', ParentId: root.id, Name: '焊接', NameEn: 'Welding' });
    expect(top.code).toBe(200);
    // ...and shown to readers at once after the change.
    expect((await tree('KnowledgeClassify/GetJstreeDataAllowAnonymous', 'en')).children.map((c: any) => c.name)).toContain('Welding');
    const [after] = (await admin('GetTree', { Library: 'knowledge' })).ReturnData;
    const welding = after.children.find((c: any) => c.id === top.ReturnData.Id);
    expect(welding).toMatchObject({ name: '焊接', nameEn: 'Welding', lang: null });
    const [zh, en] = welding.children;
    expect((await admin('SaveNode', { Library: 'knowledge', ParentId: welding.id, Name: 'x' })).code).toBe(400);
    const a = (await admin('SaveNode', { Library: 'knowledge', ParentId: en.id, Name: 'Wire feed' })).ReturnData.Id;
    const b = (await admin('SaveNode', { Library: 'knowledge', ParentId: en.id, Name: 'Torch' })).ReturnData.Id;
    expect((await admin('MoveNode', { Id: a, ParentId: b })).code).toBe(200);
    expect((await admin('MoveNode', { Id: b, ParentId: a })).code).toBe(400); // below itself
    expect((await admin('MoveNode', { Id: a, ParentId: zh.id })).code).toBe(400); // another language
    expect((await admin('DeleteNode', { Id: en.id })).code).toBe(400); // a branch
    expect((await admin('DeleteNode', { Id: b })).code).toBe(400); // holds a folder
    const article = await admin('SaveArticle', { NodeId: a, Title: 'Wire feed rollers', Lable: 'wire', HtmlContent: '<p>Clean the rollers.</p>' });
    expect((await admin('DeleteNode', { Id: a })).code).toBe(400); // holds an article
    expect((await admin('DeleteArticle', { Id: article.ReturnData.Id })).code).toBe(200);
    expect((await admin('DeleteNode', { Id: a })).code).toBe(200);
    expect((await admin('DeleteNode', { Id: b })).code).toBe(200);
    expect((await admin('DeleteNode', { Id: welding.id })).code).toBe(200);
    expect((await admin('DeleteNode', { Id: root.id })).code).toBe(400);
  });

  it('writes, edits and moves an article that visitors then find, and refuses it outside a language branch', async () => {
    const [root] = (await admin('GetTree', { Library: 'download' })).ReturnData;
    const en = root.children.find((c: any) => c.lang === 'en');
    expect((await admin('SaveArticle', { NodeId: root.id, Title: 'x', HtmlContent: '<p>x</p>' })).code).toBe(400);
    expect((await admin('SaveArticle', { NodeId: en.id, Title: 'x', Language: 'zh', HtmlContent: '<p>x</p>' })).code).toBe(400);
    expect((await admin('SaveArticle', { NodeId: en.id, Title: 'x', HtmlContent: '<script>x</script>' })).code).toBe(400);
    const saved = await admin('SaveArticle', { NodeId: en.id, Title: 'Dongle driver', Lable: 'dongle', Series: '', HtmlContent: '<h2>Install</h2><p>Plug the <strong>dongle</strong> in after the driver.</p>' });
    const id = saved.ReturnData.Id;
    expect((await call('KnowledgeClassify/SearchAllowAnonymous', { Keyword: 'dongle driver' })).body.ReturnData[0].Id).toBe(id);
    const folder = (await admin('SaveNode', { Library: 'download', ParentId: en.id, Name: 'Drivers' })).ReturnData.Id;
    expect((await admin('SaveArticle', { Id: id, NodeId: folder, Title: 'USB dongle driver', Lable: 'dongle', HtmlContent: '<p>Plug it in.</p>' })).code).toBe(200);
    const [moved] = (await articles('SoftwareDownload/GetContents', { NodeId: folder })).ReturnData;
    expect(moved).toMatchObject({ Id: id, Title: 'USB dongle driver' });
    expect((await admin('GetArticle', { Id: id })).ReturnData).toMatchObject({ Library: 'download', HtmlContent: '<p>Plug it in.</p>' });
    expect((await admin('GetArticles', { NodeId: folder })).ReturnCount).toBe(1);
  });

  it('takes raster images for the editor and attachments for articles, and removes them', async () => {
    const upload = (action: string, parts: Array<[string, string] | [string, Buffer, string]>) => {
      const boundary = '----kbtest';
      const chunks: Buffer[] = [];
      for (const part of parts) {
        chunks.push(Buffer.from(`--${boundary}\r\n`));
        if (part.length === 2) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`));
        else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part[0]}"; filename="${part[2]}"\r\nContent-Type: application/octet-stream\r\n\r\n`), part[1], Buffer.from('\r\n'));
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return portal.app.inject({ method: 'POST', url: `/api/KnowledgeAdmin/${action}`, headers: { token: staff, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) });
    };
    const image = await upload('UploadImage', [['file', PNG, 'dot.png']]);
    expect(image.json()).toMatchObject({ code: 200, ReturnData: { FileName: 'dot.png' } });
    expect((await portal.app.inject({ method: 'GET', url: image.json().ReturnData.Url })).statusCode).toBe(200);
    expect((await upload('UploadImage', [['file', Buffer.from('<svg onload="alert(1)"/>'), 'x.png']])).json().code).toBe(415);

    const [row] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'Piercing' })).ReturnData;
    expect((await upload('UploadAttachment', [['file', Buffer.from('x'), 'a.txt']])).json().code).toBe(400);
    expect((await upload('UploadAttachment', [['ArticleId', String(row.Id)], ['file', Buffer.from('x'), 'a+b.txt']])).json().code).toBe(400);
    const attached = (await upload('UploadAttachment', [['ArticleId', String(row.Id)], ['file', Buffer.from('table'), 'speeds.csv']])).json();
    expect(attached).toMatchObject({ code: 200, ReturnData: { FileName: 'speeds.csv', Size: 5 } });
    expect((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: row.Id })).ReturnData[0].Attachments).toHaveLength(1);
    expect((await admin('DeleteAttachment', { Id: attached.ReturnData.Id })).code).toBe(200);
    expect((await portal.app.inject({ method: 'GET', url: attached.ReturnData.Url })).statusCode).toBe(404);
    expect((await call('KnowledgeAdmin/UploadImage', {}, staff)).body.code).toBe(415);
  });

  it('serves files by the type their content shows, never by the name, and keeps names without NUL or bidirectional controls (issue 21, item 7)', async () => {
    const upload = (action: string, parts: Array<[string, string] | [string, Buffer, string]>) => {
      const boundary = '----kbtest7';
      const chunks: Buffer[] = [];
      for (const part of parts) {
        chunks.push(Buffer.from(`--${boundary}\r\n`));
        if (part.length === 2) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`));
        else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part[0]}"; filename="${part[2]}"\r\nContent-Type: image/svg+xml\r\n\r\n`, 'utf8'), part[1], Buffer.from('\r\n'));
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return portal.app.inject({ method: 'POST', url: `/api/KnowledgeAdmin/${action}`, headers: { token: staff, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) });
    };
    const get = (url: string) => portal.app.inject({ method: 'GET', url });
    // GIF bytes named .svg: served as the GIF they are.
    const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const gif = (await upload('UploadImage', [['file', GIF, 'pixel.svg']])).json();
    expect(gif.code).toBe(200);
    const served = await get(gif.ReturnData.Url);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['content-type']).not.toMatch(/svg/);
    // An SVG with script, attached: a download of bytes, never a page.
    const [row] = (await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Title: 'Piercing' })).ReturnData;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
    const attached = (await upload('UploadAttachment', [['ArticleId', String(row.Id)], ['file', svg, 'diagram.svg']])).json();
    expect(attached.code).toBe(200);
    const download = await get(attached.ReturnData.Url);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    // U+202E would show "invoice‮fdp.exe" as "invoiceexe.pdf": the stored name has no such control.
    const bidi = (await upload('UploadAttachment', [['ArticleId', String(row.Id)], ['file', Buffer.from('MZ'), 'invoice\u202efdp.exe']])).json();
    expect(bidi.code).toBe(200);
    expect(bidi.ReturnData.FileName).toBe('invoicefdp.exe');
    expect(JSON.stringify((await articles('KnowledgeClassify/GetContentsAllowAnonymous', { Id: row.Id })).ReturnData)).not.toContain('\u202e');
  });
});

describe('the knowledge contract', () => {
  const isCall = (value: unknown): value is CallContract => !!value && typeof value === 'object' && 'path' in value && 'refusals' in value;
  const callsOf = (module: Record<string, unknown>): CallContract[] => Object.values(module).flatMap((value) => (isCall(value) ? [value] : []));
  const calls = [
    ...Object.values(Knowledge.LIBRARY_CALLS).flatMap((library): CallContract[] => [library.tree, library.contents]),
    ...callsOf(Knowledge),
    ...callsOf(KnowledgeAdmin),
  ];

  it('documents the answer of every reading and staff call in the OpenAPI document', async () => {
    expect(calls.length).toBe(8 + 3 + 11);
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    for (const call of calls) {
      const responses = doc.paths[`/api/${call.path}`]?.post.responses;
      expect(responses, call.path).toBeDefined();
      expect(JSON.stringify(responses), call.path).toContain('ReturnData');
    }
  });
});
