import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * One writer of the crash-consistency harness (crash-consistency.ts): submits the portal's writes
 * in turn, each with an id of its own, and prints one JSON line per write the portal acknowledged
 * (HTTP 200 with code 200) and nothing for the others. Connection errors and 503s while the
 * portal or its database is down are retried with the next write: a write that was never
 * acknowledged may or may not be stored, an acknowledged one must be.
 *
 * A machine to bind and a licence to exchange are used up only when the portal answered for them
 * (acknowledged or refused): one that met a portal or database that was down is tried again,
 * the exchange with the same idempotency key, as a person clicks again. (The earlier writer took
 * the next order number before each try, so while a restart took 30 s under load it used up its
 * 400 numbers on refused connections within the first rounds: the "few bindings" of the long run.)
 *
 * Arguments: a JSON object, `Setup` below.
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
  /** The data folder: a non-production portal keeps mailed codes in `outbox/outbox.jsonl` there. */
  dataDir: string;
  /** The customer's user id (staff grant it points) and their licences in the exchange window. */
  customerId: string;
  licences: string[];
  /** A maintenance plan of the customer's that only this writer confirms (times must not go back). */
  planId: number;
}

const setup: Setup = JSON.parse(process.argv[2]!);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tokens: { customer: string | null; staff: string | null } = { customer: null, staff: null };
let seq = 0;
const uid = () => `${setup.name}-${String(++seq).padStart(5, '0')}-${randomBytes(3).toString('hex')}`;

/** Not acknowledged: `status` 0 when the portal did not answer; `refusal` the envelope's refusal id, if any. */
class NotAcknowledged extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly refusal?: string,
  ) {
    super(message);
  }
}

/** The portal was down, busy, or lost its database or our session: the same write is worth trying again. */
const worthRetrying = (error: unknown) =>
  !(error instanceof NotAcknowledged) || error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 429;

async function post(path: string, body: unknown, who: 'customer' | 'staff' | null): Promise<{ code: number; info: string; ReturnData: any }> {
  const headers: Record<string, string> = {};
  let payload: BodyInit;
  if (body instanceof FormData) payload = body;
  else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (who) headers.token = await token(who);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${setup.url}/api/${path}`, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(20_000) });
    text = await res.text();
  } catch (error) {
    throw new NotAcknowledged(`${path}: ${(error as Error).message}`, 0);
  }
  if (res.status === 401 && who) tokens[who] = null;
  let envelope: { code: number; info: string; ReturnData: any; Refused?: { id?: string } } | null = null;
  try {
    envelope = JSON.parse(text);
  } catch {
    // not the envelope (a proxy's or a crash's page)
  }
  if (res.status !== 200 || envelope?.code !== 200) throw new NotAcknowledged(`${path}: HTTP ${res.status} ${text.slice(0, 120)}`, res.status, envelope?.Refused?.id);
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

/**
 * The code the portal mailed to `address`, read from the outbox file as its owner reads their
 * mail: the newest message to that address in the file's last 256 KiB.
 */
function mailedCode(address: string): string | null {
  const fd = openSync(`${setup.dataDir}/outbox/outbox.jsonl`, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 256 * 1024);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    for (const line of tail.toString('utf8').split('\n').reverse()) {
      if (!line.includes(address)) continue;
      const mail = JSON.parse(line) as { to: string; text: string };
      const code = mail.to === address ? /verification code is (\d+)/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Runs `attempt` on `item` and lets it go once the portal answered for it; kept for another try while the portal or its database is away. */
async function useUp<T>(queue: T[], attempt: (item: T) => Promise<void>, keep: (error: unknown) => boolean = worthRetrying): Promise<void> {
  const item = queue[0];
  if (item === undefined) return;
  try {
    await attempt(item);
  } catch (error) {
    if (!keep(error)) queue.shift();
    throw error;
  }
  queue.shift();
}

/** The exchange to try (again): a licence and the key of one click, kept until the portal answers for it. */
const exchanges = setup.licences.map((licenceNo) => ({ licenceNo, key: `${setup.name}-x-${licenceNo}-${randomBytes(4).toString('hex')}` }));
const GRANT = 600;

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
    // A bind the portal stored but whose answer was lost answers "bound" again on the next try.
    await useUp(setup.bindable, async (orderNumber) => {
      await post('Machine/SaveMachineData', { OrderNumber: orderNumber }, 'customer');
      await post('Machine/MachineBind', { OrderNumber: orderNumber }, 'customer');
      ack('binding', { orderNumber, account: setup.customer.account });
    });
  },
  async () => {
    // Registration as a person does it: ask for the code, read it from the mail, register with it.
    const id = uid();
    const email = `${id}@example.com`;
    await post('User/RegisterEmlie', { Email: email }, null);
    const code = mailedCode(email);
    if (!code) throw new NotAcknowledged(`no code mailed to ${email}`, 0);
    const password = `pw-${id}`;
    await post('User/SaveUser', { Email: email, Password: password, RealName: `Writer ${id}`, Address: `Road ${id}`, EmailCode: code, IsDomestic: '0', CreateOrigin: '0' }, null);
    ack('registration', { id, account: email, password });
  },
  async () => {
    // A maintenance confirmed on the writer's own plan; the time a second back, in whole seconds as stored.
    const id = uid();
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000).toISOString();
    await post('Maintenance/InsertMRecords', { MmId: setup.planId, MaintenanceTime: time, MaintenanceUser: id, lang: 'en' }, 'customer');
    ack('confirmation', { id, planId: setup.planId, time });
  },
  async () => {
    // Staff grant points, then the customer exchanges some for a licence year.
    const id = uid();
    const granted = await post('User/ChangePoints', { TargetUserId: setup.customerId, Delta: GRANT, Reason: `Grant ${id}`, Source: 'staff', IdempotencyKey: id }, 'staff');
    ack('grant', { id, entryId: granted.ReturnData.Id, delta: GRANT, userId: setup.customerId });
    // Not enough points (the other writer spent them) keeps the exchange for the next turn, with its key.
    const keep = (error: unknown) => worthRetrying(error) || (error as NotAcknowledged).refusal === 'points.notEnough';
    await useUp(
      exchanges,
      async ({ licenceNo, key }) => {
        const exchanged = await post('Cam/OldUserPointExchange', { LicenseId: licenceNo, IdempotencyKey: key }, 'customer');
        ack('exchange', { id: key, licenceNo, userId: setup.customerId, cost: exchanged.ReturnData.Cost, repeated: exchanged.ReturnData.Repeated });
      },
      keep,
    );
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
