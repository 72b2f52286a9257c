// A portal's event spool alone, for the kill test: the database is away, so every batch goes to
// the spool in the folder given as the first argument; each acknowledged batch's first id is
// printed once `store` has answered. It writes until it is killed.
import { EventDiskSpool } from '../../src/server/telemetry/event-disk-spool';

const down = async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
const spool = await EventDiskSpool.open({ dir: process.argv[2]!, maxBytes: 1e9, store: { store: down }, log: { info: () => {}, warn: () => {} }, fileBytes: 64 * 1024 });
for (let batch = 0; ; batch++) {
  const events = Array.from({ length: 1 + (batch % 7) }, (_, i) => ({ kind: 'alarm' as const, orderNumber: 'G3015-KILL', eventId: `k${batch}-${i}`, errorDate: new Date(0), errorType: 'E1', errorContent: 'x'.repeat(batch % 300) }));
  await spool.store(events);
  process.stdout.write(`acked ${batch} ${events.length}\n`);
}
