import { loadConfig } from './config';
import { startPortal } from './start';

// The process entry: start, then stop cleanly on SIGTERM/SIGINT: hand over to the other portals
// behind the balancer (readiness 503 for DRAIN_MS), finish the requests, stop PostgreSQL.
const portal = await startPortal(loadConfig()).catch((error: unknown) => {
  console.error('The portal could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

let signalled = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    portal.app.log.info(`${signal}: draining requests and stopping the database`);
    portal.handOver().then(
      () => process.exit(0),
      (error) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  });
}
