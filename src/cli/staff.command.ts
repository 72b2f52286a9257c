import { PgStaffRoles } from '../adapters/postgres/pg-staff-roles.adapter';
import { PgSessionRepository } from '../adapters/postgres/pg-session.repository';
import { composeServices } from '../server/compose';
import { loadConfig } from '../server/config';
import { openInfrastructure, type Infrastructure } from '../server/infrastructure';
import { StaffAccountsService, type StaffChange } from '../server/services/staff-accounts.service';

// `npm run staff -- add EMAIL [PASSWORD]`, `npm run staff -- remove EMAIL`, `npm run staff -- list`:
// the only way to make or remove a staff account (issue 19). Works on the database the portal
// uses (DATABASE_URL, or the embedded one in the data folder: stop the portal first, or point
// DATABASE_URL at its server).
const USAGE = 'Usage: npm run staff -- add EMAIL [PASSWORD] | remove EMAIL | list';
const [verb, email, password] = process.argv.slice(2);
if (!verb || (verb !== 'list' && !email) || !['add', 'remove', 'list'].includes(verb)) {
  console.error(USAGE);
  process.exit(2);
}

const MESSAGES: Record<StaffChange['kind'], (c: StaffChange) => string> = {
  created: (c) => `Created staff account ${c.account} with the password ${(c as { password: string }).password} (shown once; change it after the first login).`,
  promoted: (c) => `${c.account} is staff now; its sessions were ended, the next login carries the role.`,
  'already-staff': (c) => `${c.account} is staff already.`,
  removed: (c) => `${c.account} is no longer staff; its sessions were ended.`,
  'not-staff': (c) => `${c.account} is not staff.`,
  unknown: (c) => `No account ${c.account}.`,
  'bad-email': (c) => `${c.account} is not an e-mail address.`,
};

const config = loadConfig();
let infrastructure: Infrastructure;
try {
  infrastructure = await openInfrastructure(config, { poolSize: 2 });
} catch (error) {
  console.error(`The database could not be opened (is the portal running with the embedded database? stop it, or set DATABASE_URL): ${(error as Error).message}`);
  process.exit(1);
}
let code = 0;
try {
  const services = composeServices(config, infrastructure);
  const db = infrastructure.database.db;
  const staff = new StaffAccountsService(services.users, new PgStaffRoles(db), services.unitOfWork, services.hasher, services.clock);
  if (verb === 'list') console.log((await staff.list()).join('\n') || '(no staff accounts)');
  else {
    const change = verb === 'add' ? await staff.add(email!, password) : await staff.remove(email!);
    console.log(MESSAGES[change.kind](change));
    code = ['unknown', 'bad-email', 'not-staff'].includes(change.kind) ? 1 : 0;
  }
} finally {
  await infrastructure.close();
}
process.exit(code);
