import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../src/adapters/postgres/database';
import { seedBenchFleet } from './telemetry/fleet-seed';
import { writeBenchSection } from './doc-section';
import { freePort, startProcess } from './processes';

// `npm run bench:documents`: one 200 MB industrial document uploaded to the portal
// (IndustrialDocument/UploadListDocument, multipart, streamed to the file store), the server's
// peak RSS growth while it streams (target: under 50 MB), and its throughput against `cp` of the
// same file into the same data folder in the same run. Writes the documents section of docs/BENCHMARKS.md.

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SIZE = SIZE_MB * 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), 'portal-documents-bench-'));
chmodSync(work, 0o755);

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function api(base: string, call: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; info: string; ReturnData: any };
}

/** Streams the file as the form's one file part after orderNumber; answers the envelope and the seconds it took. */
function upload(port: number, token: string, orderNumber: string, file: string, name: string): Promise<{ body: any; seconds: number }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="orderNumber"\r\n\r\n${orderNumber}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/IndustrialDocument/UploadListDocument', headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: JSON.parse(Buffer.concat(chunks).toString()), seconds: (performance.now() - started) / 1000 }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => {
      if (!req.write(chunk)) {
        stream.pause();
        req.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => req.end(tail));
    stream.on('error', reject);
  });
}

async function main() {
  const source = path.join(work, 'drawing-200mb.dxf');
  // Text-like bytes (a DXF has no signature): 1 MB of random hex repeated.
  const block = Buffer.from(randomBytes(512 * 1024).toString('hex'));
  const fd = openSync(source, 'w');
  for (let written = 0; written < SIZE; written += block.length) writeSync(fd, block, 0, Math.min(block.length, SIZE - written));
  closeSync(fd);

  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const database = openDatabase(cluster.url('postgres'));
  await migrateDatabase(database);
  // One customer with one machine and a session (the bench fleet's seed), no demo data to wait for.
  const fleet = await seedBenchFleet(database, 'bench-device-key', 1, 1);
  await database.close();
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  const portal = await startProcess(
    'src/server/server.ts',
    { DATABASE_URL: cluster.url('postgres'), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: '0', SEED_DEMO: 'false', SIMULATOR: 'off', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '1000' },
    /MQTT broker for machines on port (\d+)/,
    path.join(work, 'portal.log'),
  ).catch(async (error) => {
    await cluster.stop();
    throw error;
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = fleet.owners[0]!.token;
    const orderNumber = fleet.machines[0]!.orderNumber;
    // Warm up (the route's first use compiles and loads what it needs), then settle.
    const small = path.join(work, 'warm.dxf');
    execFileSync('head', ['-c', String(1024 * 1024), source], { stdio: ['ignore', openSync(small, 'w'), 'inherit'] });
    await upload(port, token, orderNumber, small, 'warm.dxf');
    await new Promise((r) => setTimeout(r, 1500));

    const pid = portal.child.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
    const result = await upload(port, token, orderNumber, source, 'drawing-200mb.dxf');
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (result.body.code !== 200) throw new Error(`upload refused: ${result.body.info}`);
    const stored = readFileSync(source).length === result.body.ReturnData[0].Size;

    const copy = path.join(dataDir, 'files', 'cp-copy');
    const cpStarted = performance.now();
    execFileSync('cp', [source, copy]);
    const cpSeconds = (performance.now() - cpStarted) / 1000;
    rmSync(copy);

    const uploadMbS = Math.round(SIZE_MB / result.seconds);
    const cpMbS = Math.round(SIZE_MB / cpSeconds);
    const growth = mb(peak - before);
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (\`npm run bench:documents\`): one ${SIZE_MB} MB document through`,
      '`IndustrialDocument/UploadListDocument` (multipart over loopback, streamed to the file store with its SHA-256 and type check), and `cp` of the same file into the same data folder.',
      '',
      '| measure | value |',
      '|---|---|',
      `| server RSS before the upload | ${mb(before)} MB |`,
      `| server peak RSS during the upload | ${mb(peak)} MB |`,
      `| **peak RSS growth** (target < 50 MB) | **${growth} MB** ${growth < 50 ? '✓' : '✗'} |`,
      `| upload: ${SIZE_MB} MB in | ${result.seconds.toFixed(2)} s = ${uploadMbS} MB/s |`,
      `| cp: ${SIZE_MB} MB in | ${cpSeconds.toFixed(2)} s = ${cpMbS} MB/s |`,
      `| upload throughput / cp | ${Math.round((uploadMbS / cpMbS) * 100)} % |`,
      `| stored size matches | ${stored ? 'yes' : 'no'} |`,
    ].join('\n');
    console.log(table);
    writeBenchSection('documents', table);
    if (growth >= 50) process.exitCode = 1;
  } finally {
    await portal.stop();
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
