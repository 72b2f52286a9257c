import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import type { E2eAccounts, E2eNeeds } from '../support/customers';
import { startE2ePortal } from '../support/e2e-portal';
import { ROUTE_WALK_NEEDS } from '../support/route-loads';

/**
 * The e2e files that log in, and what each needs. They share one portal, so each logs in with
 * accounts and machines of its own: no file reads what another wrote (the demo customer and the
 * demo staff account are left to people trying the portal).
 */
const E2E_NEEDS = {
  accounts: { staff: true },
  chat: { fleet: { history: true } },
  devices: { fleet: { live: true, unbound: ['Q120'] } },
  documents: { fleet: { history: true } },
  knowledge: {},
  'knowledge-admin': { staff: true },
  'random-files': { fleet: { randomFiles: true } },
  reports: { fleet: { history: true } },
  maintenance: { fleet: { live: true }, maintenanceShortCycle: true },
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
  'every-route': ROUTE_WALK_NEEDS,
  // The fleet and the task page painted on the server with the caller's data (ADR 0026).
  'personal-first-screens': { fleet: { history: true } },
} satisfies Record<string, E2eNeeds>;

export type E2eFile = keyof typeof E2E_NEEDS;

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    e2eAccounts: Record<E2eFile, E2eAccounts>;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the SPA if stale, starts the real portal (embedded PostgreSQL, outbox) and makes each file's accounts. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const portal = await startE2ePortal(E2E_NEEDS);
  project.provide('e2eAccounts', portal.accounts);
  project.provide('portalUrl', portal.url);
  return () => portal.stop();
}
