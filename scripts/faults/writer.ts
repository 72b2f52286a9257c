import { createHash, randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

/**
 * One writer of the crash-consistency harness (crash-consistency.ts): submits the portal's writes
 * in turn, each with an id of its own, and prints one JSON line per write the portal acknowledged
 * (HTTP 200 with code 200) and nothing for the others. Connection errors and 503s while the
 * portal or its database is down are retried with the next write: a write that was never
 * acknowledged may or may not be stored, an acknowledged one must be.
 *
 * Arguments: a JSON object { url, name, customer, staff, folderId, partId, orderNumber, bindable[] }.
 */
interface Setup {
  url: string;
  name: string;
  customer: { account: string; password: string };
  staff: { account: string; password: string };
  folderId: number;
  partId: number;
  orderNumber: string;
  bindable: string[];
}

const setup: Setup = JSON.parse(process.argv[2]!);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tokens: { customer: string | null; staff: string | null } = { customer: null, staff: null };
let seq = 0;
const uid = () => `${setup.name}-${String(++seq).padStart(5, '0')}-${randomBytes(3).toString('hex')}`;

class NotAcknowledged extends Error {}

async function post(path: string, body: unknown, who: 'customer' | 'staff' | null): Promise<{ code: number; info: string; ReturnData: any }> {
  const headers: Record<string, string> = {};
  let payload: BodyInit;
  if (body instanceof FormData) payload = body;
  else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (who) headers.token = await token(who);
  const res = await fetch(`${setup.url}/api/${path}`, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  if (res.status === 401 && who) tokens[who] = null;
  if (res.status !== 200) throw new NotAcknowledged(`${path}: HTTP ${res.status} ${text.slice(0, 120)}`);
  const envelope = JSON.parse(text);
  if (envelope.code !== 200) throw new NotAcknowledged(`${path}: ${envelope.code} ${envelope.info}`);
  return envelope;
}

async function token(who: 'customer' | 'staff'): Promise<string> {
  if (tokens[who]) return tokens[who]!;
  const login = setup[who];
  const answer = await post('Login/UserLogin', { Account: login.account, Password: login.password }, null);
  return (tokens[who] = answer.ReturnData.Token as string);
}

const form = (fields: Record<string, string>, files: Record<string, [Buffer, string]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files)) data.append(k, new Blob([new Uint8Array(bytes)]), name);
  return data;
};

const ack = (kind: string, fields: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ kind, ...fields })}\n`);

/** Each write: submits, and on acknowledgement prints what must be found after any crash. */
const writes: Array<() => Promise<void>> = [
  async () => {
    const id = uid();
    await post('Home/SaveContact', { Name: `Writer ${setup.name}`, Phone: '13800138000', Message: id, Company: id }, null);
    ack('contact', { id });
  },
  async () => {
    const id = uid();
    await post('Cam/SaveCamCustomer', { UserName: id, Phone: '13800138001', Email: 'lead@example.com', CompanyName: `Co ${id}`, Address: 'Road 1' }, null);
    ack('camLead', { id });
  },
  async () => {
    const orderNumber = setup.bindable.shift();
    if (!orderNumber) return;
    await post('Machine/SaveMachineData', { OrderNumber: orderNumber }, 'customer');
    await post('Machine/MachineBind', { OrderNumber: orderNumber }, 'customer');
    ack('binding', { orderNumber, account: setup.customer.account });
  },
  async () => {
    const id = uid();
    const saved = await post('KnowledgeAdmin/SaveArticle', { NodeId: setup.folderId, Title: id, HtmlContent: `<p>${id}</p>` }, 'staff');
    const articleId = saved.ReturnData.Id as number;
    ack('article', { id, articleId });
    const bytes = Buffer.from(`speeds of ${id}\n`.repeat(50 + Math.floor(Math.random() * 2000)));
    await post('KnowledgeAdmin/UploadAttachment', form({ ArticleId: String(articleId) }, { file: [bytes, `${id}.csv`] }), 'staff');
    ack('attachment', { id, articleId, fileName: `${id}.csv`, size: bytes.length, sha256: sha(bytes) });
  },
  async () => {
    const id = uid();
    const bytes = Buffer.from(`0\nSECTION\n2\nENTITIES\n999\n${id}\n`.padEnd(1000 + Math.floor(Math.random() * 200_000), ' '));
    await post('IndustrialDocument/UploadListDocument', form({ orderNumber: setup.orderNumber }, { files: [bytes, `${id}.dxf`] }), 'customer');
    ack('document', { id, fileName: `${id}.dxf`, orderNumber: setup.orderNumber, size: bytes.length, sha256: sha(bytes) });
  },
  async () => {
    const id = uid();
    const saved = await post(
      'CSSAPI/SaveWorkOrder',
      { OrderNumber: setup.orderNumber, Phone: '+86 531 8888 0000', Email: 'owner@factory.cn', Company: 'Jinan Co', UserName: 'Writer', ProvinceName: '山东省', Province: '370000', CityName: '济南市', City: '370100', ComponentId: String(setup.partId), Content: id },
      'customer',
    );
    ack('workOrder', { id, eventNum: saved.ReturnData.data });
  },
  async () => {
    const id = uid();
    const bytes = Buffer.from(`BNT ${id}\n`.repeat(20 + Math.floor(Math.random() * 500)));
    const uploaded = await post('Cam/UploadBntFile', form({}, { file: [bytes, `${id}.bnt`] }), 'customer');
    const fileId = uploaded.ReturnData.FileUrl as string;
    await post('Cam/ProblemFeedbackSave', { Product: 1, Version: '1.0', Title: id, HtmlContent: `<p>${id}</p>`, Phone: '13800138000', ExProcessingTime: new Date(Date.now() + 2 * 86_400_000).toISOString(), BntFile: fileId }, 'customer');
    ack('question', { id, fileId, size: bytes.length, sha256: sha(bytes) });
  },
];

// The harness pauses the writers to check the folder (no upload may be under way then): "pause"
// on stdin is answered "paused" once the write under way has ended; "resume" goes on.
let paused: Promise<void> | null = null;
let resume = () => {};
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'pause') paused ??= new Promise((r) => (resume = r));
  if (line === 'resume') {
    paused = null;
    resume();
  }
});

let turn = Math.floor(Math.random() * writes.length);
for (;;) {
  if (paused) {
    process.stdout.write('paused\n');
    await paused;
  }
  const write = writes[turn++ % writes.length]!;
  try {
    await write();
  } catch (error) {
    if (process.env.WRITER_DEBUG) process.stderr.write(`${setup.name}: ${(error as Error).message}\n`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
