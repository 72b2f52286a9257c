import { randomBytes } from 'node:crypto';
import type { TestPortal } from './test-portal';

export interface TestCustomer {
  userId: string;
  account: string;
  token: string;
}

/** An active customer stored directly (registration has its own tests), logged in. */
export async function createCustomer(portal: TestPortal, tag: string): Promise<TestCustomer> {
  const account = `${tag}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `secret-${tag}-pass`;
  await portal.services.users.create({
    account,
    email: account,
    mobile: null,
    realName: `Customer ${tag}`,
    address: 'Test Road 1',
    fullPathId: '44',
    fullPathName: '中国',
    isDomestic: 0,
    createOrigin: '0',
    passwordHash: await portal.services.hasher.hash(password),
    status: 'active',
    isStaff: false,
  });
  const { token, userId } = await portal.login(account, password);
  return { userId, account, token };
}

/** A delivered machine in the factory registry, with an order number no other test uses. */
export async function registerMachine(portal: TestPortal, series: string, name = `${series} test machine`): Promise<string> {
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
export async function bindNewMachine(portal: TestPortal, customer: TestCustomer, series: string): Promise<string> {
  const orderNumber = await registerMachine(portal, series);
  const saved = await portal.call('Machine/SaveMachineData', { OrderNumber: orderNumber }, customer.token);
  if (saved.body.code !== 200) throw new Error(`SaveMachineData ${orderNumber}: ${saved.body.info}`);
  const bound = await portal.call('Machine/MachineBind', { OrderNumber: orderNumber }, customer.token);
  if (bound.body.code !== 200) throw new Error(`MachineBind ${orderNumber}: ${bound.body.info}`);
  return orderNumber;
}
