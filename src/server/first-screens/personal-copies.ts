import { titleTemplates } from '../../ui/common/portal-title';
import { shellTitle } from '../../ui/shell/shell-titles';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { KyDevicesApi } from '../../adapters/ky/ky-devices-api.adapter';
import { KyMaintenanceApi } from '../../adapters/ky/ky-maintenance-api.adapter';
import { KyReportsApi } from '../../adapters/ky/ky-reports-api.adapter';
import { providedDueMachine, providedFleetMachine, providedReportsMachines } from '../../app/provided-machines';
import type { PageAnswer } from '../../contract/page-answers';
import { LANGUAGES, languageFromCookie, languageFromQuery, type Language } from '../../domain/accounts/language';
import { readFleetFilter } from '../../domain/devices/fleet';
import type { PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { StoredUser } from '../../ports/session-store.port';
import type { Brand } from '../../ui/common/brand';
import { FIRST_SCREEN_PART } from '../../ui/common/first-screen-markup';
import { firstScreenScript } from '../../ui/common/first-screen-script';
import { selectFleetView } from '../../ui/devices/fleet.selectors';
import { selectPagedTable, type PagedTableViewModel } from '../../ui/reports/paged-table.selectors';
import type { ReportTable } from '../../ui/reports/report-columns';
import { selectTaskFleet, selectTaskPage } from '../../ui/reports/task.selectors';
import type { CopyJob, FleetCopyJob, TaskCopyJob } from './copy-job';
import type { CopyRenderer } from './copy-renderer';
import { languageStorage, sessionOf } from './server-session';

// The first screens the server paints with the caller's data (docs/adr/0026-personal-first-screens.md):
// the fleet (`/index/device`) and the task page (`/index/task`). The browser's own API adapters and
// machines run here, over the portal's routes (InjectedPortalHttp), and their snapshots become the
// views' models; the render worker (copy-worker.tsx) turns those into HTML. The page carries the
// answers, so the app's first render, once it runs, is the same page.

export type PersonalPage = 'device' | 'task';

/** The address (inside the app, `normalPath`) of each painted page. */
const PAGE_PATHS: Record<PersonalPage, string> = { device: '/index/device', task: '/index/task' };

export interface PersonalCopyRequest {
  page: PersonalPage;
  /** The page's query (`machine` on the task page, `lan`). */
  query: URLSearchParams;
  /** The request's Cookie header: the language the app stored (`LANGUAGE_COOKIE`). */
  cookie?: string;
  /** The caller's calls: what they answered is carried by the page. */
  http: PortalHttpPort & { recorded(): PageAnswer[] };
  /** The caller as the browser keeps them after login (the avatar's name and picture). */
  user: StoredUser & { UserId: string };
  brand: Partial<Brand>;
}

export interface PersonalCopy {
  /** The copy's fragment (first-screen markup), put after the app's root. */
  fragment: string;
  /** The answers it was painted from. */
  answers: PageAnswer[];
}

const noop = () => {};

/**
 * The most tiles a painted fleet holds: more than a wide screen shows before the fold (four rows
 * of four). A fleet of 500 machines painted whole took 2.5 s of the render worker for both
 * languages (`npm run bench:companies`); the app renders the rest below the fold, which moves
 * nothing the eye is on, and the chips' counts are the whole fleet's.
 */
export const PAINTED_TILES = 16;

/** The CSV export is a button of the copy: pressed before the app runs, it is pressed again in the app (ADR 0025). */
const NO_DOWNLOADS: PortalDownloadPort = { download: () => Promise.reject(new Error('no downloads while painting')) };

/** Runs a machine until `done`, then stops it. */
async function settled<A extends AnyActorRef>(actor: A, done: (snapshot: ReturnType<A['getSnapshot']>) => boolean): Promise<ReturnType<A['getSnapshot']>> {
  actor.start();
  try {
    return (await waitFor(actor, done, { timeout: 10_000 })) as ReturnType<A['getSnapshot']>;
  } finally {
    actor.stop();
  }
}

type Painted<J extends CopyJob> = Omit<J, 'languages' | 'path' | 'at' | 'brand' | 'user'>;

/** The fleet page: every tile with its due badge. Null when the fleet could not be read (the app then shows it as it always did). */
async function fleetCopy({ http, user }: PersonalCopyRequest, languages: readonly Language[]): Promise<Painted<FleetCopyJob> | null> {
  const views: FleetCopyJob['views'] = {};
  for (const language of languages) {
    const [fleet, due] = await Promise.all([
      settled(createActor(providedFleetMachine(new KyDevicesApi(http, sessionOf(user)), noop), { input: { filter: readFleetFilter(null) } }), (s) => !s.hasTag('busy')),
      settled(createActor(providedDueMachine(new KyMaintenanceApi(http, languageStorage(language)))), (s) => s.matches('ready')),
    ]);
    const model = selectFleetView(fleet);
    if (model.status !== 'ready') return null;
    views[language] = { model: { ...model, tiles: model.tiles.slice(0, PAINTED_TILES) }, due: due.context.due };
  }
  return {
    page: 'device',
    views,
    parts: [FIRST_SCREEN_PART.fleet],
    // The chip is the browser's choice (`series`): painted for "all" only.
    script: firstScreenScript({ onlySignedIn: true, storedChoice: { key: 'series', values: ['all'] }, title: titleTemplates(shellTitle('/index/device')) }),
  };
}

/** The task page: the picker and the chosen machine's first page of the report and run-time tables (the statistics come with the app). */
async function taskCopy({ http, user, query }: PersonalCopyRequest): Promise<Painted<TaskCopyJob> | null> {
  const machines = providedReportsMachines(new KyReportsApi(http, NO_DOWNLOADS), new KyDevicesApi(http, sessionOf(user)));
  const fleet = selectTaskFleet(await settled(createActor(machines.fleet, { input: { filter: 'all' } }), (s) => !s.hasTag('busy')));
  const model = selectTaskPage(fleet, query.get('machine'));
  if (model.status === 'loading' || model.status === 'failed') return null;
  const tables: Array<[ReportTable, PagedTableViewModel]> = [];
  for (const table of model.selected ? (['report', 'runtime'] as const) : []) {
    const shown = selectPagedTable(await settled(createActor(machines[table], { input: { machine: model.selected!.ref } }), (s) => !s.hasTag('busy')));
    if (shown.status !== 'ready' && shown.status !== 'empty') return null;
    tables.push([table, shown]);
  }
  return {
    page: 'task',
    model,
    tables,
    parts: [FIRST_SCREEN_PART.taskMachines, ...tables.map(([table]) => FIRST_SCREEN_PART[table])],
    script: firstScreenScript({ onlySignedIn: true, localTimes: true, title: titleTemplates(shellTitle('/index/task')) }),
  };
}

/**
 * The page's first screen painted with the caller's data, and the answers it was painted from;
 * null when a call it needs did not answer (the page then loads as every other page does).
 */
export async function personalCopy(request: PersonalCopyRequest, renderer: CopyRenderer): Promise<PersonalCopy | null> {
  // The address's language comes first in the page's rule (resolveLanguage), then the stored one,
  // which the app keeps in a cookie too: then only that one is painted. Without either the page's
  // language is the browser's, which only the page knows: both are painted.
  const asked = languageFromQuery(`?${request.query.toString()}`) ?? languageFromCookie(request.cookie);
  const languages = asked ? [asked] : LANGUAGES;
  const painted = request.page === 'device' ? await fleetCopy(request, languages) : await taskCopy(request);
  if (!painted) return null;
  const path = PAGE_PATHS[request.page];
  const search = request.query.toString();
  const job = { ...painted, languages, path, at: `${path}${search ? `?${search}` : ''}`, brand: request.brand, user: request.user } as CopyJob;
  return { fragment: await renderer.render(job), answers: request.http.recorded() };
}
