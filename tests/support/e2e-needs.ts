import type { E2eNeeds } from './customers';
import { ROUTE_WALK_NEEDS } from './route-loads';

// Kept free of vitest: the portal children of the browser tests (e2e-portal-child.ts) read it.

/**
 * The e2e files that log in, and what each needs. Files that run one after another on a worker
 * share its portal, so each logs in with accounts and machines of its own: no file reads what
 * another wrote (the demo customer and the demo staff account are left to people trying the portal).
 */
export const E2E_NEEDS = {
  accounts: { staff: true },
  chat: { fleet: { history: true } },
  devices: { fleet: { live: true, unbound: ['Q120'] } },
  documents: { fleet: { history: true } },
  knowledge: {},
  'knowledge-admin': { staff: true },
  'random-files': { fleet: { randomFiles: true } },
  reports: { fleet: { history: true } },
  maintenance: { fleet: { live: true }, maintenanceShortCycle: true },
  // A live machine fails on demand; the bell, the mail and a webhook hear of it (issue 39).
  alarms: { fleet: { live: true } },
  repair: { staff: true, fleet: { history: true } },
  software: { staff: true },
  // cam.test.ts exchanges the 5-day licence once in each language: two customers.
  cam: { cam: true },
  'cam-zh': { cam: true },
  'user-centre': { staff: true, fleet: {} },
  staff: { staff: true, fleet: { randomFiles: true } },
  // The console's registry (one machine is unbound), work orders and releases (issue 19).
  'staff-console': { staff: true, fleet: {} },
  'xss-fields': { staff: true, fleet: {} },
  // Two companies (issue 37): an owner invites the other customer, who joins, switches and is removed.
  companies: { fleet: {} },
  'companies-member': { fleet: {} },
  'every-route': ROUTE_WALK_NEEDS,
  // The fleet and the task page painted on the server with the caller's data (ADR 0026).
  'personal-first-screens': { fleet: { history: true } },
} satisfies Record<string, E2eNeeds>;

export type E2eFile = keyof typeof E2E_NEEDS;
