import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { parentPort } from 'node:worker_threads';
import type { Language } from '../../domain/accounts/language';
import { KeyValueStorageToken, SessionStoreToken } from '../../ports/tokens';
import { brand, readBrand } from '../../ui/common/brand';
import { commonMessages } from '../../ui/common/common.messages';
import { NoticeDialogStore } from '../../ui/common/notice-dialogs.store';
import { ServicesProvider, type UiServices } from '../../ui/common/services-context';
import { devicesMessages } from '../../ui/devices/devices.messages';
import { FleetView } from '../../ui/devices/fleet-view';
import { addMessages } from '../../ui/i18n/catalog';
import { translator } from '../../ui/i18n/intl';
import { repairMessages } from '../../ui/repair/repair.messages';
import { PagedTableView } from '../../ui/reports/paged-table-view';
import { tableCard } from '../../ui/reports/report-columns';
import { reportsMessages } from '../../ui/reports/reports.messages';
import { TaskView } from '../../ui/reports/task-view';
import PortalShell from '../../ui/shell/portal-shell';
import { shellMessages } from '../../ui/shell/shell.messages';
import type { CopyJob, FleetCopyJob, TaskCopyJob } from './copy-job';
import { copyFragment } from './copy-fragment';
import { languageStorage, sessionOf } from './server-session';

// The render worker of the pages painted with the caller's data (ADR 0026): the app's views to HTML
// with react-dom/server, off the server's event loop and with React's production build whatever
// the portal runs under (copy-renderer.ts starts it). It is given view models, never a connection.

addMessages(commonMessages, shellMessages, devicesMessages, reportsMessages, repairMessages);

const noop = () => {};

/** The page in the shell at its section, with what the shell asks of the app's services while rendering (its effects, which store and send, do not run here). */
function inShell(job: CopyJob, language: Language, section: string, page: ReactNode): ReactNode {
  const session = sessionOf(job.user);
  const storage = languageStorage(language);
  const get = (token: unknown) => {
    if (token === SessionStoreToken) return session;
    if (token === KeyValueStorageToken) return storage;
    throw new Error(`a painted first screen asked for ${String(token)}`);
  };
  const services = { get, session: null, dialogs: new NoticeDialogStore() } as unknown as UiServices;
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

function fleetPage(job: FleetCopyJob, language: Language): ReactNode {
  const { model, due } = job.views[language]!;
  return inShell(job, language, 'device', <FleetView model={model} due={due} onFilter={noop} onAdd={noop} onRetry={noop} onPrintLabels={noop} />);
}

function taskPage(job: TaskCopyJob, language: Language): ReactNode {
  const t = translator(language);
  return inShell(
    job,
    language,
    'task',
    <TaskView model={job.model} onPick={noop} onRetry={noop}>
      {job.tables.map(([table, shown]) => (
        <PagedTableView key={table} model={shown} {...tableCard(table, shown.kind, t)} exporting={false} onPage={noop} onSize={noop} onRetry={noop} onExport={noop} />
      ))}
    </TaskView>,
  );
}

/** The copy's fragment for a job. */
export function renderCopy(job: CopyJob): string {
  // The views read the brand from a module of the browser's: here it is the deployment's.
  Object.assign(brand, readBrand(job.brand));
  const render = (language: Language) => (job.page === 'device' ? fleetPage(job, language) : taskPage(job, language));
  return copyFragment({ render, languages: job.languages, paths: [job.path], at: job.at, parts: job.parts, script: job.script }).fragment;
}

parentPort?.on('message', ({ id, job }: { id: number; job: CopyJob }) => {
  try {
    parentPort!.postMessage({ id, fragment: renderCopy(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Loaded: from now on a page is rendered in milliseconds (copy-renderer.ts times jobs by it).
parentPort?.postMessage({ ready: true });
