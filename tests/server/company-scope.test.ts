import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/domain/cam/licence-exchange';
import { beijingText } from '../../src/domain/maintenance/maintenance-time';
import { seedRandomFiles } from '../../src/seed/random-files.seed';
import { askChat } from '../support/ask-chat';
import { contentOf } from '../support/chat-stream';
import { bindNewMachine, createCustomer, memberOf, type TestCustomer } from '../support/customers';
import { beforeMigration } from '../support/migrated-before';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 37 item 1 (ADR 0030): industrial documents, random files, CAM licences, the points ledger
// and the bell are the company's. Company A has an owner, a manager, an engineer and a viewer;
// company B's owner is a stranger to all of it. The viewer reads and changes nothing.

let portal: TestPortal;
let owner: TestCustomer;
let manager: TestCustomer;
let engineer: TestCustomer;
let viewer: TestCustomer;
let stranger: TestCustomer;
let machine: string;

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  owner = await createCustomer(portal, 'scope-a');
  stranger = await createCustomer(portal, 'scope-b');
  machine = await bindNewMachine(portal, owner, 'G', 'G3015 Scope Line');
  await bindNewMachine(portal, stranger, 'P', 'P Scope B');
  manager = await memberOf(portal, owner, 'manager', 'scope-a-manager');
  engineer = await memberOf(portal, owner, 'engineer', 'scope-a-engineer');
  viewer = await memberOf(portal, owner, 'viewer', 'scope-a-viewer');
});
afterAll(() => portal?.close());

const call = async (path: string, body: Record<string, unknown>, who: TestCustomer) => (await portal.call(path, body, who.token)).body;
/** A list answer's rows; the no-data marker (暂无数据) is none. */
const rowsOf = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);
const refusedByRole = { code: 403, info: 'Your role in this company does not allow this' };

function uploadForm(orderNumber: string, fileName: string, bytes: Buffer) {
  const boundary = `----scope${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderNumber"\r\n\r\n${orderNumber}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(who: TestCustomer, orderNumber: string, fileName: string) {
  const form = uploadForm(orderNumber, fileName, Buffer.from('0\nSECTION\n2\nENTITIES\n'.padEnd(200, ' ')));
  const res = await portal.app.inject({ method: 'POST', url: '/api/IndustrialDocument/UploadListDocument', headers: { 'content-type': form.contentType, token: who.token }, payload: form.payload });
  return res.json();
}
const documents = async (who: TestCustomer) => rowsOf<{ Id: string; FileName: string; UploadedByName: string }>((await call('IndustrialDocument/WebGetList', { PrevPageNums: 0, TopNums: 50 }, who)).ReturnData);

describe("the assistant answers a member from the current company's machines", () => {
  it('names the company machine in alarm to its viewer, and none of it to a stranger', async () => {
    portal.app.telemetry.live.ingest(machine, JSON.stringify([{ KEY: 'State', VALUE: 0 }, { KEY: 'ErrorType', VALUE: 'Collision' }, { KEY: 'ErrorContent', VALUE: 'E203 Height sensor collision' }]));
    const asked = 'Which of my machines has an active alarm right now?';
    // The viewer founded a company of their own (with no machines) and works in the owner's: the answer is the owner's fleet.
    const seen = contentOf(await askChat(portal, viewer.token, asked));
    expect(seen).toContain(`G3015 Scope Line (${machine}): E203`);
    const strangers = contentOf(await askChat(portal, stranger.token, asked));
    expect(strangers).not.toContain(machine);
    expect(strangers).not.toContain('Scope Line');
  });
});

describe("a company's industrial documents", () => {
  it('an engineer uploads to the company machine, every member reads it, the viewer changes nothing, company B neither sees nor touches it', async () => {
    const added = await upload(engineer, machine, 'scope-frame.dxf');
    expect(added.code, added.info).toBe(200);
    const id = added.ReturnData[0].Id as string;
    const { rows } = await portal.services.database.pool.query('select uploaded_by from industrial_documents where id = $1', [id]);
    expect(rows[0].uploaded_by).toBe(engineer.userId);

    for (const member of [owner, manager, viewer]) expect((await documents(member)).map((d) => d.Id)).toContain(id);
    expect(await upload(viewer, machine, 'viewer.dxf')).toMatchObject(refusedByRole);
    expect(await call('IndustrialDocument/Delete', { Id: id }, viewer)).toMatchObject(refusedByRole);

    expect((await documents(stranger)).map((d) => d.Id)).not.toContain(id);
    expect(await call('IndustrialDocument/WebGetList', { OrderNumber: machine, PrevPageNums: 0, TopNums: 50 }, stranger)).not.toMatchObject({ ReturnCount: 1 });
    expect((await upload(stranger, machine, 'theirs.dxf')).code).toBe(400);
    expect((await call('IndustrialDocument/Delete', { Id: id }, stranger)).code).toBe(404);
    const download = await portal.app.inject({ method: 'POST', url: '/api/IndustrialDocument/Download', headers: { 'content-type': 'application/json', token: stranger.token }, payload: { Id: id } });
    expect(download.headers['content-type']).not.toMatch(/octet-stream/);
    expect((await documents(owner)).map((d) => d.Id)).toContain(id);

    expect((await call('IndustrialDocument/Delete', { Id: id }, engineer)).code).toBe(200);
    expect((await documents(owner)).map((d) => d.Id)).not.toContain(id);
  });
});

describe("a company's random files", () => {
  it('every member reads and downloads the files of the company machine; company B gets none', async () => {
    await seedRandomFiles(portal.services, [{ orderNumber: machine, name: 'G3015 Scope Line', seriesName: 'G', model: 'G3015', laserPowerKw: 6, deliveryTime: new Date('2025-03-01T00:00:00Z') }]);
    const plm = (who: TestCustomer) => call('RandomCenter/GetPLMRandomFile', { OrderNumber: machine }, who);
    const listed = await plm(viewer);
    expect(listed.ReturnCount).toBe(4);
    const fileId = listed.ReturnData[0].Id;
    const download = (who: TestCustomer) => portal.app.inject({ method: 'POST', url: '/api/RandomCenter/Download', headers: { 'content-type': 'application/json', token: who.token }, payload: { Id: fileId } });
    expect((await download(viewer)).headers['content-type']).toMatch(/pdf/);
    const equipmentId = (await portal.services.database.pool.query('select id from machines where order_number = $1', [machine])).rows[0].id;
    expect((await call('Machine/GetEquipmetFileData', { EquipmentId: equipmentId }, engineer)).ReturnType).toBe(1);

    expect((await plm(stranger)).ReturnCount ?? 0).toBe(0);
    expect((await call('Machine/GetEquipmetFileData', { EquipmentId: equipmentId }, stranger)).ReturnType ?? 0).toBe(0);
    expect((await download(stranger)).headers['content-type']).not.toMatch(/pdf/);
  });
});

describe("a company's CAM licences and points", () => {
  it("are the company account's: members read them, a manager exchanges the company's points (kept with their name), the viewer cannot, company B sees none", async () => {
    const now = portal.clock.now().getTime();
    const licenceNo = `L-scope-${Date.now()}`;
    await portal.services.infrastructure.licenceServer.issue({
      licenceNo,
      offerId: 250626,
      userEmail: owner.account,
      version: 'Nest V2.0',
      startTime: new Date(now - 300 * DAY_MS),
      endTime: new Date(now + 3 * DAY_MS),
      expiredTime: new Date(now + 3 * DAY_MS),
      firstUseTime: null,
      creationTime: new Date(now - 301 * DAY_MS),
      isOldUser: true,
    });
    await portal.services.points.change({ userId: owner.userId, delta: 1000, reason: 'test', source: 'staff' });
    const licences = (who: TestCustomer) => call('Cam/USERWEBgetuserdogPageList', {}, who);
    const points = async (who: TestCustomer) => (await call('User/GetMallPoints', {}, who)).ReturnData as number;

    for (const member of [viewer, engineer, manager]) {
      const answer = await licences(member);
      expect((answer.ReturnData as Array<{ licenseId: string }>).map((l) => l.licenseId)).toEqual([licenceNo]);
      expect(answer.ReturnType).toMatchObject({ Points: 1000, ShowExchange: 1 });
      expect(await points(member)).toBe(1000);
    }
    expect(rowsOf((await licences(stranger)).ReturnData)).toEqual([]);
    expect(await points(stranger)).toBe(0);

    const exchange = (who: TestCustomer) => call('Cam/OldUserPointExchange', { LicenseId: licenceNo, IdempotencyKey: `scope-${randomBytes(6).toString('hex')}` }, who);
    expect(await exchange(viewer)).toMatchObject(refusedByRole);
    expect(await exchange(engineer)).toMatchObject(refusedByRole);
    expect((await exchange(stranger)).code).not.toBe(200);
    const exchanged = await exchange(manager);
    expect(exchanged.code, exchanged.info).toBe(200);
    const left = exchanged.ReturnData.Points as number;
    expect(left).toBeLessThan(1000);
    expect(await points(owner)).toBe(left);
    expect(await points(viewer)).toBe(left);
    expect(await points(manager)).toBe(left);
    expect(await points(stranger)).toBe(0);

    const { pool } = portal.services.database;
    const { rows } = await pool.query('select user_id, actor_id from cam_licence_exchanges where licence_id = (select id from cam_licences where licence_no = $1)', [licenceNo]);
    expect(rows).toEqual([{ user_id: owner.userId, actor_id: manager.userId }]);
    const history = await call('User/GetPointsHistory', { PrevPageNums: 0, TopNums: 10 }, viewer);
    expect(history.ReturnData[0]).toMatchObject({ Source: 'exchange', Delta: left - 1000 });
    expect((await call('User/GetPointsHistory', { PrevPageNums: 0, TopNums: 10 }, stranger)).ReturnCount ?? 0).toBe(0);
  });
});

describe("a company's bell", () => {
  const bell = async (who: TestCustomer) => (await call('Alarm/GetBell', {}, who)).ReturnData as { Unread: number; Items: Array<{ Id: number; OrderNumber: string; Read: boolean }> };

  it("rings every member's own bell by their own rule for the company machine's trouble, never company B's; reading is each member's; a left member sees it no more", async () => {
    // The engineer wants no bell; the others have the default rule (the bell for all).
    const saved = await call('Alarm/SaveNotifyRule', { MachineIds: null, Kinds: ['emergencyStop'], AllClear: false, QuietFrom: null, QuietTo: null, Zone: 'Asia/Shanghai', Bell: false, Email: false, Language: 'en' }, engineer);
    expect(saved.code, saved.info).toBe(200);
    const strangerBefore = await bell(stranger);
    expect(await portal.services.alarmNotifier.raised(machine, { kind: 'emergencyStop', since: portal.clock.now().getTime(), text: 'E-stop pressed', calmSince: null })).toBe(true);

    for (const member of [owner, manager, viewer]) {
      const mine = await bell(member);
      expect(mine.Unread).toBe(1);
      expect(mine.Items.map((i) => i.OrderNumber)).toEqual([machine]);
    }
    expect((await bell(engineer)).Items).toEqual([]);
    expect(await bell(stranger)).toEqual(strangerBefore);

    expect((await call('Alarm/MarkBellRead', {}, viewer)).code).toBe(200);
    expect((await bell(viewer)).Unread).toBe(0);
    expect((await bell(owner)).Unread).toBe(1);

    await portal.services.database.pool.query('delete from company_members where company_id = $1 and user_id = $2', [owner.userId, manager.userId]);
    expect(await bell(manager)).toEqual({ Unread: 0, Items: [] });
  });
});

describe('who did what (issue 37 item 4)', () => {
  const nameOf = async (who: TestCustomer) => (await portal.services.users.findById(who.userId))!.realName;
  const staffToken = async () => (await portal.login('staff@example.com', 'staff1234')).token;

  it('work orders, stock changes, maintenance records, documents and bindings name the member who did them, to the members and to staff', async () => {
    const staff = await staffToken();
    const engineerName = await nameOf(engineer);
    const ownerName = await nameOf(owner);
    expect(engineerName).not.toBe(ownerName);

    // Binding: the owner bound the machine.
    const fleet = await call('Machine/GetMyMachine', {}, viewer);
    expect(fleet.ReturnData).toEqual([expect.objectContaining({ ordernumber: machine, BoundByName: ownerName })]);
    const service = (await portal.call('Machine/GetMachineTables', { OrderNumber: machine, PrevPageNums: 0, TopNums: 10 }, staff)).body;
    expect(service.ReturnData).toEqual([expect.objectContaining({ OrderNumber: machine, BoundByName: ownerName })]);

    // A work order raised by the engineer, with the threshold it sets.
    const part = (await call('Component/GetList', { lang: 'en' }, engineer)).ReturnData[0].Id;
    const raised = await call(
      'CSSAPI/SaveWorkOrder',
      { ComponentId: part, OrderNumber: machine, Phone: '+86 531 8888 0000', Email: 'e@factory.cn', Company: 'Scope Co.', UserName: 'Typed Name', ProvinceName: '山东省', Province: '370000', CityName: '济南市', City: '370100', sparePart: '', Content: 'Nozzle worn', Threshold: 5 },
      engineer,
    );
    expect(raised.code, raised.info).toBe(200);
    const eventNum = raised.ReturnData.data as string;
    const listed = await call('CSSAPI/QueryWorkOrders', { EventNum: eventNum, PrevPageNums: 0, TopNums: 10 }, viewer);
    expect(listed.ReturnData[0]).toMatchObject({ EventNum: eventNum, UserName: 'Typed Name', CreatedByName: engineerName });
    const staffOrders = (await portal.call('Staff/GetWorkOrders', { Search: eventNum, PrevPageNums: 0, TopNums: 10 }, staff)).body;
    expect(staffOrders.ReturnData[0]).toMatchObject({ EventNum: eventNum, CreatedByName: engineerName });

    // Stock: the engineer's threshold, then the owner's reset.
    const stockRow = async () => (await call('ComponentUserNumber/GetList', { Id: part, PrevPageNums: 0, TopNums: 10 }, viewer)).ReturnData[0];
    expect(await stockRow()).toMatchObject({ Threshold: 5, ChangedByName: engineerName });
    expect((await call('ComponentUserNumber/ResetNumber', { ComponentId: part }, owner)).code).toBe(200);
    expect(await stockRow()).toMatchObject({ SubmitNumber: 0, ChangedByName: ownerName });
    expect((await stockRow()).ChangeTime).not.toBe('');

    // Documents: the engineer's upload.
    const added = await upload(engineer, machine, 'who-did.dxf');
    expect(added.code, added.info).toBe(200);
    expect(added.ReturnData[0]).toMatchObject({ UploadedByName: engineerName });
    expect((await documents(viewer)).find((d) => d.FileName === 'who-did.dxf')).toMatchObject({ UploadedByName: engineerName });

    // Maintenance: a plan of the machine, confirmed by the engineer.
    const machineId = (await portal.services.machines.findByOrderNumber(machine))!.id;
    const store = portal.services.maintenanceStore;
    await store.putItem({ series: 'G', code: 'scope-item', project: { zh: '范围', en: 'Scope item' }, content: { zh: '内容', en: 'Content' }, isEnabled: 1, sort: 99, cycleHours: 10, warningHours: 2, cyclePierces: null, warningPierces: null });
    const item = (await store.items({ series: 'G' }, 0, 100)).rows.find((i) => i.code === 'scope-item')!.id;
    expect((await call('Maintenance/SaveMMachine', { MachineId: machineId, DetailId: item }, engineer)).code).toBe(200);
    const plan = (await call('Maintenance/MMachineList', { MachineId: machineId, lang: 'en' }, viewer)).ReturnData[0].Id;
    const confirmed = await call('Maintenance/InsertMRecords', { MmId: plan, MaintenanceTime: beijingText(portal.clock.now()), MaintenanceUser: 'Typed Fitter' }, engineer);
    expect(confirmed.code, confirmed.info).toBe(200);
    const records = await call('Maintenance/GetMRecords', { MmId: plan, PrevPageNums: 0, TopNums: 10, lang: 'en' }, viewer);
    expect(records.ReturnData[0]).toMatchObject({ MaintenanceUser: 'Typed Fitter', CreatedByName: engineerName });
  });

  it("a points exchange names the member in the company's points history", async () => {
    const history = await call('User/GetPointsHistory', { PrevPageNums: 0, TopNums: 10 }, owner);
    const exchange = (history.ReturnData as Array<{ Source: string; ActorName: string }>).find((e) => e.Source === 'exchange');
    expect(exchange).toMatchObject({ ActorName: await nameOf(manager) });
    expect((history.ReturnData as Array<{ Source: string; ActorName: string }>).find((e) => e.Source === 'staff')).toMatchObject({ ActorName: '' });
  });
});

describe('migration 0017', () => {
  it("names the company's founder on every row made before companies, and nobody on a QR label request; no row or id changes", async () => {
    // A database migrated to 0016 with a customer's bound machine, two work orders, a stock threshold and a document, then migrated on.
    await beforeMigration('0017', async (database, migrateOn) => {
      const { pool } = database;
      const owner = (await pool.query<{ id: string }>(`insert into users (account, password_hash) values ('old-owner', 'x') returning id`)).rows[0]!.id;
      const machine = (await pool.query<{ id: number }>(`insert into machines (order_number, name, series_name, kind, owner_id, bound_at) values ('G-OLD-16', 'G3015 old', 'G3015', 'sheet', $1, now()) returning id`, [owner])).rows[0]!.id;
      const part = (await pool.query<{ id: number }>(`insert into spare_parts (code, name, name_en) values ('OLD-P', '旧件', 'Old part') returning id`)).rows[0]!.id;
      const order = (source: string, event: string) =>
        pool.query(
          `insert into work_orders (event_num, user_id, order_number, phone, email, company, user_name, province, province_name, city, city_name, part_id, content, source, created_at, updated_at)
           values ($1, $2, 'G-OLD-16', '1', 'a@b.c', 'Co', 'Typed', '1', 'P', '1', 'C', $3, 'x', $4, now(), now())`,
          [event, owner, source === 'label' ? null : part, source],
        );
      await order('portal', 'EV202601010001');
      await order('label', 'EV202601010002');
      await pool.query('insert into stock_records (user_id, part_id, threshold) values ($1, $2, 3)', [owner, part]);
      const doc = (await pool.query<{ id: string }>(`insert into industrial_documents (order_number, file_name, file_id, size, sha256) values ('G-OLD-16', 'old.dxf', 'f', 1, 'h') returning id`)).rows[0]!.id;

      await migrateOn();
      expect((await pool.query('select id, owner_id, bound_by from machines')).rows).toEqual([{ id: machine, owner_id: owner, bound_by: owner }]);
      expect((await pool.query('select event_num, user_id, created_by from work_orders order by event_num')).rows).toEqual([
        { event_num: 'EV202601010001', user_id: owner, created_by: owner },
        { event_num: 'EV202601010002', user_id: owner, created_by: null },
      ]);
      expect((await pool.query('select user_id, threshold, changed_by from stock_records')).rows).toEqual([{ user_id: owner, threshold: 3, changed_by: owner }]);
      expect((await pool.query('select id, uploaded_by from industrial_documents')).rows).toEqual([{ id: doc, uploaded_by: owner }]);
    });
  });
});
