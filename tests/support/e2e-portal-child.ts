import { startE2ePortal } from './e2e-portal';
import { E2E_NEEDS, type E2eFile } from './e2e-needs';

// One portal of the browser tests, in a process of its own (tests/setup/e2e-global-setup.ts forks
// one per test worker that asks): its own embedded PostgreSQL, data folder, broker and simulated
// machines, so files on two workers never meet, and the portal's work runs beside the tests', not
// on the event loop of Vitest's main process. Says its URL over IPC once ready; makes a file's
// accounts when asked (`{ accountsOf: file }`, answered with the same key) and stops its live
// machines when the file is done (`{ release: file }`, answered `{ released: file }`); stops when
// told or when the parent goes away.

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
process.on('message', (message: 'stop' | { accountsOf: E2eFile } | { release: E2eFile }) => {
  if (message === 'stop') return void stop();
  if ('release' in message) {
    const file = message.release;
    return void portal.release(file).then(
      () => process.send!({ released: file }),
      (error: unknown) => process.send!({ released: file, error: String((error as Error).stack ?? error) }),
    );
  }
  const file = message.accountsOf;
  portal.accountsOf(file).then(
    (accounts) => process.send!({ accountsOf: file, accounts }),
    (error: unknown) => process.send!({ accountsOf: file, error: String((error as Error).stack ?? error) }),
  );
});
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send!({ url: portal.url });
