import { startE2ePortal } from './e2e-portal';
import { E2E_NEEDS } from './e2e-needs';
import type { PortalAnswer, PortalQuestion } from './e2e-pool';

// One portal of the browser tests, in a process of its own (tests/setup/e2e-global-setup.ts forks
// one per test worker that asks): its own embedded PostgreSQL, data folder, broker and simulated
// machines, so files on two workers never meet, and the portal's work runs beside the tests', not
// on the event loop of Vitest's main process. Says its URL over IPC once ready; makes a file's
// accounts when asked and stops its live machines when the file is done (`PortalQuestion`,
// answered by a `PortalAnswer` that names the same question); stops when told or when the parent
// goes away.

const portal = await startE2ePortal(E2E_NEEDS);
let stopping: Promise<void> | null = null;
const stop = () =>
  (stopping ??= portal.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('the e2e portal did not stop cleanly', error);
      process.exit(1);
    },
  ));
process.on('message', (message: 'stop' | PortalQuestion) => {
  if (message === 'stop') return void stop();
  const { ask, file } = message;
  const work: Promise<unknown> =
    ask === 'accounts' ? portal.accountsOf(file) : ask === 'release' ? portal.release(file) : ask === 'fail' ? portal.failFirstMachine(file) : portal.checkMaintenance();
  work.then(
    (value) => process.send!({ ask, file, value } satisfies PortalAnswer),
    (error: unknown) => process.send!({ ask, file, error: String((error as Error).stack ?? error) } satisfies PortalAnswer),
  );
});
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send!({ url: portal.url });
