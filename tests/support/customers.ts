import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/adapters/postgres/database';
import { machineKindOf } from '../../src/domain/devices/machine-kind';
import type { RegistryMachine } from '../../src/ports/maintenance-platform.port';
import type { Services } from '../../src/server/compose';
import { DEMO_FLEET, UNBOUND_MACHINES } from '../../src/seed/devices.seed';
import { seedHistory } from '../../src/seed/history.seed';
import { seedRandomFiles } from '../../src/seed/random-files.seed';
import { seedCamLicences } from '../../src/seed/cam-licences.seed';
import type { TestPortal } from './test-portal';

export interface TestCustomer {
  userId: string;
  account: string;
  token: string;
}

/** How someone logs in. */
export interface Login {
  account: string;
  password: string;
}

/** An active account stored directly (registration has its own tests): a customer, or staff. */
export async function storeAccount(
  services: Pick<Services, 'users' | 'hasher'>,
  tag: string,
  options: { staff?: boolean } = {},
): Promise<Login & { userId: string }> {
  const account = `${tag}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `secret-${tag}-pass`;
  const created = await services.users.create({
    account,
    email: account,
    mobile: null,
    realName: `${options.staff ? 'Staff' : 'Customer'} ${tag}`,
    address: 'Test Road 1',
    fullPathId: '44',
    fullPathName: '中国',
    isDomestic: 0,
    createOrigin: '0',
    passwordHash: await services.hasher.hash(password),
    status: 'active',
    isStaff: options.staff ?? false,
  });
  if (!created) throw new Error(`the account ${account} exists already`);
  return { account, password, userId: created.id };
}

/** An active customer stored directly (registration has its own tests), logged in. */
export async function createCustomer(portal: TestPortal, tag: string): Promise<TestCustomer> {
  const { account, password } = await storeAccount(portal.services, tag);
  const { token, userId } = await portal.login(account, password);
  return { userId, account, token };
}

/** A delivered machine in the factory registry, with an order number no other test uses. */
export async function registerMachine(
  portal: { services: Pick<Services, 'maintenancePlatform'> },
  series: string,
  name = `${series} test machine`,
): Promise<string> {
  const orderNumber = `${series}${Math.floor(Math.random() * 9000 + 1000)}-${randomBytes(3).toString('hex')}`;
  await portal.services.maintenancePlatform.register({
    orderNumber,
    name,
    seriesName: series,
    model: `${series}3015`,
    laserPowerKw: 6,
    deliveryTime: new Date('2025-03-01T00:00:00Z'),
  });
  return orderNumber;
}

/** Registers, saves and binds a machine to a customer through the real calls. */
export async function bindNewMachine(portal: TestPortal, customer: TestCustomer, series: string, name?: string): Promise<string> {
  const orderNumber = await registerMachine(portal, series, name);
  const saved = await portal.call('Machine/SaveMachineData', { OrderNumber: orderNumber }, customer.token);
  if (saved.body.code !== 200) throw new Error(`SaveMachineData ${orderNumber}: ${saved.body.info}`);
  const bound = await portal.call('Machine/MachineBind', { OrderNumber: orderNumber }, customer.token);
  if (bound.body.code !== 200) throw new Error(`MachineBind ${orderNumber}: ${bound.body.info}`);
  return orderNumber;
}

/** A new customer who joins `company` with `role` and works in it (as accepting an invitation does, without the mail). */
export async function memberOf(portal: TestPortal, company: TestCustomer, role: string, tag: string): Promise<TestCustomer> {
  const member = await createCustomer(portal, tag);
  const { pool } = portal.services.database;
  await pool.query('insert into company_members (company_id, user_id, role) values ($1, $2, $3)', [company.userId, member.userId, role]);
  await pool.query('update sessions set company_id = $1 where user_id = $2', [company.userId, member.userId]);
  return member;
}

// ---------------------------------------------------------------------------------------------
// The browser tests' accounts: the e2e files of a test worker share its portal, so each file logs
// in with accounts and machines of its own (tests/support/e2e-needs.ts), made when the portal starts
// (tests/support/e2e-pool.ts).

/** A machine as the browser tests name it. */
export interface FleetMachine {
  orderNumber: string;
  name: string;
  seriesName: string;
  laserPowerKw: number;
}

/** What an e2e file asks for: a staff account, and for its customer a fleet and what comes with it. */
export interface E2eNeeds {
  staff?: boolean;
  /** The demo customer's CAM licences (one expiring in 5 days, one in 40, one expired) and welcome points. */
  cam?: boolean;
  /** A fleet like the demo customer's, bound to the file's customer. */
  fleet?: {
    /** Months of tasks, alarms and run time up to now, as the demo fleet has. */
    history?: boolean;
    /** The four generated PDFs of each machine, as the demo fleet has. */
    randomFiles?: boolean;
    /** Publishing all the time, like the demo fleet's simulated machines (the setup runs them). */
    live?: boolean;
    /** Models of UNBOUND_MACHINES to have in the factory registry only, for the file to bind. */
    unbound?: readonly string[];
  };
  /** A maintenance item of the G series with a cycle of minutes (issue 17), so a live machine makes it due. */
  maintenanceShortCycle?: boolean;
}

/** The accounts and machines of one e2e file. */
export interface E2eAccounts {
  customer: Login & { fleet: FleetMachine[]; unbound: FleetMachine[] };
  staff: Login | null;
}

const asFleetMachine = (m: RegistryMachine): FleetMachine => ({ orderNumber: m.orderNumber, name: m.name, seriesName: m.seriesName, laserPowerKw: m.laserPowerKw });

/** The demo fleet again under order numbers of one file (`G3015-REPORTS`, ...): same series, names, power, delivery. */
const fleetOf = (tag: string): RegistryMachine[] => DEMO_FLEET.map((m) => ({ ...m, orderNumber: `${m.model}-${tag}` }));

/** A delivered machine nobody has bound (UNBOUND_MACHINES of the seed, by model), under an order number of one file. */
function unboundOf(tag: string, model: string): RegistryMachine {
  const like = UNBOUND_MACHINES.find((m) => m.model === model);
  if (!like) throw new Error(`no unbound machine of model ${model} in the seed`);
  return { ...like, orderNumber: `${model}-${tag}` };
}

/**
 * Makes each e2e file's accounts and machines on the running portal's database, the way the demo
 * seed makes the demo customer's (registry, saved, bound in order, history, random files).
 * Answers them by file and the machines that must publish.
 */
export async function provisionE2eAccounts<File extends string>(
  services: Pick<Services, 'users' | 'hasher' | 'maintenancePlatform' | 'machines' | 'files' | 'productLifecycle' | 'clock' | 'infrastructure' | 'points' | 'maintenanceStore'>,
  database: Pick<Database, 'db'>,
  needs: Readonly<Record<File, E2eNeeds>>,
): Promise<{ accounts: Record<File, E2eAccounts>; live: FleetMachine[] }> {
  const accounts = {} as Record<File, E2eAccounts>;
  const live: FleetMachine[] = [];
  for (const [file, need] of Object.entries(needs) as Array<[File, E2eNeeds]>) {
    const tag = file.replace(/[^a-z0-9]/gi, '').toUpperCase();
    const customer = await storeAccount(services, `e2e-${file}`);
    const staff = need.staff ? await storeAccount(services, `e2e-${file}-staff`, { staff: true }) : null;
    const fleet = need.fleet ? fleetOf(tag) : [];
    const unbound = (need.fleet?.unbound ?? []).map((model) => unboundOf(tag, model));
    const at = services.clock.now();
    for (const m of [...fleet, ...unbound]) await services.maintenancePlatform.register(m);
    for (const m of fleet) {
      await services.machines.insertIfMissing({ orderNumber: m.orderNumber, name: m.name, seriesName: m.seriesName, kind: machineKindOf(m.seriesName) });
      const bound = await services.machines.bind(m.orderNumber, customer.userId, at);
      if (bound !== 'bound') throw new Error(`${m.orderNumber} for the ${file} e2e file: ${bound}`);
      if (need.fleet?.history) await seedHistory(database.db, { orderNumber: m.orderNumber, kind: machineKindOf(m.seriesName) }, at);
    }
    if (need.fleet?.randomFiles) await seedRandomFiles(services, fleet);
    if (need.cam) await seedCamLicences(services, { userId: customer.userId, email: customer.account }, at);
    if (need.fleet?.live) live.push(...fleet.map(asFleetMachine));
    if (need.maintenanceShortCycle) await putShortCycleItem(services);
    accounts[file] = {
      customer: { account: customer.account, password: customer.password, fleet: fleet.map(asFleetMachine), unbound: unbound.map(asFleetMachine) },
      staff: staff && { account: staff.account, password: staff.password },
    };
  }
  return { accounts, live };
}

/** The short maintenance item of the e2e files (issue 17): 72 s of run time, warned after 7.2 s. */
export const SHORT_CYCLE_ITEM = { zh: '快速周期检查', en: 'Quick cycle check' } as const;

async function putShortCycleItem(services: Pick<Services, 'maintenanceStore'>): Promise<void> {
  await services.maintenanceStore.putItem({
    code: 'e2e-short-cycle',
    series: 'G',
    project: SHORT_CYCLE_ITEM,
    content: { zh: '端到端测试用的短周期项目。', en: 'A short-cycle item for the browser tests.' },
    cycleHours: 0.02,
    warningHours: 0.018,
    cyclePierces: null,
    warningPierces: null,
    isEnabled: 1,
    sort: 0,
  });
}
