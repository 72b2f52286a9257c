import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/adapters/postgres/cluster-owner';
import { startEmbeddedCluster } from '../../src/adapters/postgres/embedded-cluster.adapter';

const dir = mkdtempSync(path.join(tmpdir(), 'cluster-crash-'));
chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` when the tests run as root
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function startChild(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-cluster-child.ts', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    started.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(started));
    started.on('exit', (code) => reject(new Error(`the child portal ended with ${code}`)));
  });
}

const postmasterPid = () => Number(readFileSync(path.join(dir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL after its portal is killed', () => {
  it('refuses a second portal on a folder in use, and takes over the orphan of a killed one', async () => {
    child = await startChild();
    await expect(startEmbeddedCluster({ dir, ephemeral: true })).rejects.toThrow(`Another portal (pid ${child.pid})`);

    const orphan = postmasterPid();
    const ended = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
    expect(isAlive(orphan)).toBe(true); // kill -9 leaves PostgreSQL running without its portal

    const lines: string[] = [];
    const cluster = await startEmbeddedCluster({ dir, ephemeral: true, warn: (line) => lines.push(line) });
    try {
      expect(lines.some((line) => line.includes(`stopping PostgreSQL (pid ${orphan})`))).toBe(true);
      expect(isAlive(orphan)).toBe(false);
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
      await client.end();
    } finally {
      await cluster.stop();
    }
  });
});
