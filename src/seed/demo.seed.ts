import type { PasswordHasherPort, UserRepository } from '../ports/accounts-store.port';

/** The demo accounts of a fresh `npm start` (issue: foundation, item 8). */
export const DEMO_ACCOUNTS = [
  { account: 'demo@example.com', password: 'demo1234', realName: 'Demo Customer', isStaff: false },
  { account: 'staff@example.com', password: 'staff1234', realName: 'Service Staff', isStaff: true },
] as const;

/** Creates the demo accounts when they are missing; answers the ones it created. */
export async function seedDemoAccounts(users: UserRepository, hasher: PasswordHasherPort): Promise<string[]> {
  const created: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    if (await users.findByAccount(a.account)) continue;
    const user = await users.create({
      account: a.account,
      email: a.account,
      mobile: null,
      realName: a.realName,
      address: 'Jinan, Shandong',
      fullPathId: '44-370000-370100',
      fullPathName: '中国/山东省/济南市',
      isDomestic: 0,
      createOrigin: '0',
      passwordHash: await hasher.hash(a.password),
      status: 'active',
      isStaff: a.isStaff,
    });
    if (user) created.push(a.account);
  }
  return created;
}
