import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { KyDevicesApi } from '../../adapters/ky/ky-devices-api.adapter';
import { KyMaintenanceApi } from '../../adapters/ky/ky-maintenance-api.adapter';
import { KyReportsApi } from '../../adapters/ky/ky-reports-api.adapter';
import { providedFleetMachine } from '../../app/devices.module';
import { providedDueMachine } from '../../app/maintenance.module';
import { providedReportsMachines } from '../../app/reports.module';
import type { PageAnswer } from '../../contract/page-answers';
import { LANGUAGES, languageFromQuery, type Language } from '../../domain/accounts/language';
import { readFleetFilter } from '../../domain/devices/fleet';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { PortalDownloadPort, PortalHttpPort } from '../../ports/portal-http.port';
import type { SessionStorePort, StoredUser } from '../../ports/session-store.port';
import { KeyValueStorageToken, SessionStoreToken } from '../../ports/tokens';
import { brand, readBrand, type Brand } from '../../ui/common/brand';
import { commonMessages } from '../../ui/common/common.messages';
import { FIRST_SCREEN_PART } from '../../ui/common/first-screen-markup';
import { firstScreenScript } from '../../ui/common/first-screen-script';
import type { MaintenanceDue } from '../../ui/common/maintenance-due';
import { NoticeDialogStore } from '../../ui/common/notice-dialogs.store';
import { ServicesProvider, type UiServices } from '../../ui/common/services-context';
import { devicesMessages } from '../../ui/devices/devices.messages';
import { selectFleetView } from '../../ui/devices/fleet.selectors';
import { FleetView } from '../../ui/devices/fleet-view';
import { addMessages } from '../../ui/i18n/catalog';
import { repairMessages } from '../../ui/repair/repair.messages';
import { selectPagedTable } from '../../ui/reports/paged-table.selectors';
import { PagedTableView } from '../../ui/reports/paged-table-view';
import { columnsOf, type ReportTable } from '../../ui/reports/report-columns';
import { reportsMessages } from '../../ui/reports/reports.messages';
import { selectTaskFleet, selectTaskPage } from '../../ui/reports/task.selectors';
import { TaskView } from '../../ui/reports/task-view';
import { translator } from '../../ui/i18n/intl';
import PortalShell from '../../ui/shell/portal-shell';
import { shellMessages } from '../../ui/shell/shell.messages';
import { copyFragment } from './copy-fragment';

// The first screens the server paints with the caller's data (docs/adr/0026-personal-first-screens.md):
// the fleet (`/index/device`) and the task page (`/index/task`). The browser's own API adapters and
// machines run here, over the portal's routes (InjectedPortalHttp), and the app's views render their
// snapshots; the page carries the answers, so the app's first render once it runs is the same page.

addMessages(commonMessages, shellMessages, devicesMessages, reportsMessages, repairMessages);

/** The pages painted with the caller's data, and the address (inside the app, `normalPath`) of each. */
export const PERSONAL_PAGES = [
  { key: 'device', path: '/index/device' },
  { key: 'task', path: '/index/task' },
] as const;

export type PersonalPage = (typeof PERSONAL_PAGES)[number]['key'];

export interface PersonalCopyRequest {
  page: PersonalPage;
  /** The page's query (`machine` on the task page). */
  query: URLSearchParams;
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

/** The browser's storage as the page in `language` has it: the language chosen, nothing else the server can know. */
const languageStorage = (language: Language): KeyValueStoragePort => ({ get: (key) => (key === 'lang' ? language : null), set: noop, remove: noop, clearExcept: noop });

/** The caller's session as the browser keeps it (the token is the cookie's, never the page's). */
function sessionOf(user: StoredUser & { UserId: string }): SessionStorePort {
  return {
    token: () => null,
    userId: () => user.UserId,
    user: () => user,
    signedIn: () => true,
    isVisitor: () => false,
    saveLogin: noop,
    updateUser: noop,
    enterAsVisitor: noop,
    leaveVisitorMode: noop,
    clear: noop,
  };
}

/** What the shell asks of the app's services while rendering (its effects, which store and send, do not run here). */
function shellServices(session: SessionStorePort, storage: KeyValueStoragePort): UiServices {
  const get = (token: unknown) => {
    if (token === SessionStoreToken) return session;
    if (token === KeyValueStorageToken) return storage;
    throw new Error(`a painted first screen asked for ${String(token)}`);
  };
  return { get, session: null, dialogs: new NoticeDialogStore() } as unknown as UiServices;
}

/** The CSV export is a button of the copy: pressing it before the app runs is replayed in the app (ADR 0025). */
const NO_DOWNLOADS: PortalDownloadPort = { download: () => Promise.reject(new Error('no downloads while painting')) };

/** Runs a machine until it leaves its loading state. */
async function settled<A extends AnyActorRef>(actor: A, done: (snapshot: ReturnType<A['getSnapshot']>) => boolean): Promise<ReturnType<A['getSnapshot']>> {
  actor.start();
  try {
    return (await waitFor(actor, done, { timeout: 10_000 })) as ReturnType<A['getSnapshot']>;
  } finally {
    actor.stop();
  }
}

/** The page in the shell, at its section. */
function inShell(services: UiServices, section: string, page: ReactNode): ReactNode {
  return (
    <ServicesProvider services={services}>
      <Routes>
        <Route path="/index" element={<PortalShell />}>
          <Route path={section} element={page} />
        </Route>
      </Routes>
    </ServicesProvider>
  );
}

/** The fleet page: every tile with its due badge. Null when the fleet could not be read (the app then shows it as it always did). */
async function fleetCopy(request: PersonalCopyRequest, languages: readonly Language[]) {
  const { http, user } = request;
  const session = sessionOf(user);
  const pages = new Map<Language, ReactNode>();
  for (const language of languages) {
    const storage = languageStorage(language);
    const [fleet, due] = await Promise.all([
      settled(createActor(providedFleetMachine(new KyDevicesApi(http, session), noop), { input: { filter: readFleetFilter(null) } }), (s) => !s.hasTag('busy')),
      settled(createActor(providedDueMachine(new KyMaintenanceApi(http, storage))), (s) => s.matches('ready')),
    ]);
    const model = selectFleetView(fleet);
    if (model.status !== 'ready') return null;
    const dueMap: Record<string, MaintenanceDue> = due.context.due;
    pages.set(language, inShell(shellServices(session, storage), 'device', <FleetView model={model} due={dueMap} onFilter={noop} onAdd={noop} onRetry={noop} />));
  }
  return {
    render: (language: Language) => pages.get(language),
    parts: [FIRST_SCREEN_PART.fleet],
    // The chip is the browser's choice (`series`): painted for "all" only.
    script: firstScreenScript({ onlySignedIn: true, storedChoice: { key: 'series', values: ['all'] } }),
  };
}

/** The task page: the picker and the chosen machine's first page of the report and run-time tables (the statistics come with the app). */
async function taskCopy(request: PersonalCopyRequest) {
  const { http, user, query } = request;
  const session = sessionOf(user);
  const machines = providedReportsMachines(new KyReportsApi(http, NO_DOWNLOADS), new KyDevicesApi(http, session));
  const fleet = selectTaskFleet(await settled(createActor(machines.fleet, { input: { filter: 'all' } }), (s) => !s.hasTag('busy')));
  const model = selectTaskPage(fleet, query.get('machine'));
  if (model.status === 'loading' || model.status === 'failed') return null;
  const selected = model.selected;
  const tables = new Map<ReportTable, ReturnType<typeof selectPagedTable>>();
  if (selected) {
    for (const table of ['report', 'runtime'] as const) {
      const shown = selectPagedTable(await settled(createActor(machines[table], { input: { machine: selected.ref } }), (s) => !s.hasTag('busy')));
      if (shown.status !== 'ready' && shown.status !== 'empty') return null;
      tables.set(table, shown);
    }
  }
  const render = (language: Language) => {
    const t = translator(language);
    const storage = languageStorage(language);
    return inShell(
      shellServices(session, storage),
      'task',
      <TaskView model={model} onPick={noop} onRetry={noop}>
        {[...tables].map(([table, shown]) => (
          <PagedTableView
            key={table}
            model={shown}
            columns={columnsOf(table, shown.kind)}
            title={t(`reports.${table}.title`)}
            hint={t(`reports.${table}.hint`)}
            emptyBody={t(`reports.table.empty.${table}`)}
            exporting={false}
            onPage={noop}
            onSize={noop}
            onRetry={noop}
            onExport={noop}
            testId={`${table}-table`}
          />
        ))}
      </TaskView>,
    );
  };
  return {
    render,
    parts: [FIRST_SCREEN_PART.taskMachines, ...tables.keys()],
    script: firstScreenScript({ onlySignedIn: true, localTimes: true }),
  };
}

/**
 * The page's first screen painted with the caller's data, and the answers it was painted from;
 * null when a call it needs did not answer (the page then loads as every other page does).
 */
export async function personalCopy(request: PersonalCopyRequest): Promise<PersonalCopy | null> {
  // The views read the brand from a module of the browser's: here it is the deployment's.
  Object.assign(brand, readBrand(request.brand));
  const { path } = PERSONAL_PAGES.find((page) => page.key === request.page)!;
  // The address's language comes first in the page's rule (resolveLanguage): then only that one is painted.
  const asked = languageFromQuery(`?${request.query.toString()}`);
  const languages = asked ? [asked] : LANGUAGES;
  const painted = request.page === 'device' ? await fleetCopy(request, languages) : await taskCopy(request);
  if (!painted) return null;
  const search = request.query.toString();
  const { fragment } = copyFragment({ ...painted, languages, paths: [path], at: `${path}${search ? `?${search}` : ''}` });
  return { fragment, answers: request.http.recorded() };
}
