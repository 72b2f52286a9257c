import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProduction } from './landing-bundle';
import { launchChromium, startBuiltPortal } from './landing-portal';

// `npm run bench:long-tasks -- /app/index/task [--visitor] [--rate=10] [--keep-build]`: what a
// page's long tasks are made of, to find what to shorten for Lighthouse's total blocking time
// (issue 23, docs/adr/0024). Builds the app for production without minifying (so the profile
// names functions), starts the portal with the demo data, logs the demo customer in (unless
// --visitor), clears the cache, throttles Chromium's CPU (10x by default, about what the
// calibrated Lighthouse runs apply here) and loads the page with a trace and a CPU profile.
// Prints each task over 50 ms with the trace events inside it, then, for each, the functions that
// took most of it. The trace is kept in test-output/long-tasks.json.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const args = process.argv.slice(2);
const route = args.find((arg) => arg.startsWith('/')) ?? '/app/index/device';
const visitor = args.includes('--visitor');
const rate = Number(args.find((arg) => arg.startsWith('--rate='))?.slice(7) ?? 10);
const LONG_MS = 50;

async function trace(): Promise<TraceEvent[]> {
  if (!args.includes('--keep-build')) buildProduction(undefined, ['--minify', 'false']);
  const work = mkdtempSync(path.join(tmpdir(), 'portal-long-tasks-'));
  chmodSync(work, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const portal = await startBuiltPortal(work);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (!visitor) {
      await page.goto(`${portal.url}/app/Login`);
      await page.locator('input[name="account"]').fill('demo@example.com');
      await page.locator('input[name="password"]').fill('demo1234');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/app\/index\/device$/, { timeout: 30_000 });
      await page.goto('about:blank');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(`${portal.url}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(1_600 * rate);
    const buffer = await browser.stopTracing();
    writeFileSync(path.resolve('test-output/long-tasks.json'), buffer);
    const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    return parsed.traceEvents;
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
const ms = (us: number) => (us / 1000).toFixed(0);
const label = (event: TraceEvent) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').pop()}` : ''}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''}`;

function report(events: TraceEvent[]): void {
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [thread(e), e.args?.name]));
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.ph === 'X' && names.get(thread(e)) === 'CrRendererMain') busy.set(thread(e), (busy.get(thread(e)) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0][0];
  const mine = events.filter((e) => thread(e) === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const start = events.find((e) => e.name === 'navigationStart' && thread(e) === main)?.ts ?? mine[0].ts;

  // The CPU profile's samples, to say which functions a task spent its time in.
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ at: number; node: number }> = [];
  let clock = 0;
  for (const e of events.filter((e) => e.pid === Number(main.split(':')[0]))) {
    if (e.name === 'Profile') clock = e.args?.data?.startTime ?? clock;
    if (e.name !== 'ProfileChunk') continue;
    for (const node of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = e.args?.data?.cpuProfile?.samples ?? [];
    ids.forEach((node, i) => samples.push({ at: (clock += e.args?.data?.timeDeltas?.[i] ?? 0), node }));
  }
  const topFunctions = (from: number, to: number) => {
    const inclusive = new Map<string, number>();
    for (let i = 0; i + 1 < samples.length; i++) {
      if (samples[i].at < from || samples[i].at > to) continue;
      const seen = new Set<string>();
      for (let node = nodes.get(samples[i].node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const frame = node.callFrame;
        if (!frame.url) continue;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (samples[i + 1].at - samples[i].at));
      }
    }
    return [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([key, us]) => `${ms(us)} ${key}`);
  };

  let blocking = 0;
  console.log(`${route} at ${rate}x CPU: tasks over ${LONG_MS} ms (start after navigation, duration; what is inside)`);
  for (const task of mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_MS * 1000)) {
    blocking += (task.dur ?? 0) / 1000 - LONG_MS;
    const inside = new Map<string, number>();
    for (const e of mine) if (e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0)) inside.set(label(e), (inside.get(label(e)) ?? 0) + (e.dur ?? 0));
    const parts = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, us]) => `${name} ${ms(us)}`);
    console.log(`\n${ms(task.ts - start)} ms +${ms(task.dur ?? 0)}: ${parts.join(' | ')}`);
    for (const line of topFunctions(task.ts, task.ts + (task.dur ?? 0))) console.log(`    ${line}`);
  }
  const paints = events.filter((e) => e.name === 'firstContentfulPaint' || e.name === 'largestContentfulPaint::Candidate').map((e) => `${e.name} ${ms(e.ts - start)} ms`);
  console.log(`\nblocking time (the part of each over ${LONG_MS} ms): ${blocking.toFixed(0)} ms; ${paints.join(', ')}`);
}

trace().then(report, (error: unknown) => {
  console.error(error);
  process.exit(1);
});
