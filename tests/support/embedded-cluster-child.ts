// A portal's database side alone, for the crash test: starts the embedded cluster in the folder
// given as the first argument, says "ready", and waits to be killed.
import { startEmbeddedCluster } from '../../src/adapters/postgres/embedded-cluster.adapter';

await startEmbeddedCluster({ dir: process.argv[2]!, ephemeral: true });
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
