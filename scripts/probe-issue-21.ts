/**
 * Replays the outside probe of issue 21 against a running portal and prints, item by item,
 * whether each finding is gone. Exit code 1 when any is still open.
 *
 *   PORTAL_URL=http://127.0.0.1:3000 PROBE_CUSTOMER=demo@example.com PROBE_PASSWORD=demo1234 \
 *   PROBE_STAFF=staff@example.com PROBE_STAFF_PASSWORD=staff1234 npx tsx scripts/probe-issue-21.ts
 *
 * Item 5 reads the owner's code from the dev outbox (`/dev/outbox.json`, loopback only) when the
 * portal has one. Use test accounts: the probe spends failed passwords and logs in many times.
 */
import { probeIssue21 } from './probe/issue-21-probe';

const base = process.env.PORTAL_URL ?? 'http://127.0.0.1:3000';
const results = await probeIssue21({
  base,
  customer: { account: process.env.PROBE_CUSTOMER ?? 'demo@example.com', password: process.env.PROBE_PASSWORD ?? 'demo1234' },
  staff: { account: process.env.PROBE_STAFF ?? 'staff@example.com', password: process.env.PROBE_STAFF_PASSWORD ?? 'staff1234' },
  codeFor: async (address) => {
    const res = await fetch(`${base}/dev/outbox.json`).catch(() => null);
    if (!res?.ok) return null;
    const body = (await res.json()) as { ReturnData: Array<{ to: string; text: string }> };
    return body.ReturnData.find((e) => e.to === address.toLowerCase())?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
  },
  log: (line) => console.log(line),
});
const open = results.filter((r) => !r.fixed);
console.log(open.length ? `${open.length} finding(s) still open` : 'every finding of issue 21 is gone');
process.exitCode = open.length ? 1 : 0;
