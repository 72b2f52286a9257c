import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which process runs the embedded PostgreSQL of a data folder. `<dir>/owner.json` names the
 * portal that started it (pid and the kernel's start time of that pid, so a reused pid is not
 * taken for the owner). At start:
 * - an owner that still lives is another portal on this folder: refuse;
 * - otherwise a PostgreSQL still running on the folder was left by a portal that died (kill -9,
 *   OOM): it is an orphan of ours, so stop it and take the folder over;
 * - a `postmaster.pid` naming no live PostgreSQL is a crash's leftover: remove it.
 * Without an owner file (a folder of an older portal), a live PostgreSQL is refused as before.
 */
export async function claimClusterFolder(dir: string, pgdata: string, log: (line: string) => void): Promise<() => Promise<void>> {
  const ownerFile = path.join(dir, 'owner.json');
  const owner = await readOwner(ownerFile);
  if (owner && owner.pid !== process.pid && isSameProcess(owner)) {
    throw new Error(`Another portal (pid ${owner.pid}) is using the data folder ${dir}: stop it first, or choose another DATA_DIR`);
  }
  const postmaster = await readPostmasterPid(pgdata);
  if (postmaster !== null && isPostgres(postmaster)) {
    if (!owner) {
      throw new Error(`PostgreSQL (pid ${postmaster}) is already running on ${pgdata}: is another portal using this data folder?`);
    }
    log(`stopping PostgreSQL (pid ${postmaster}) left running by a portal that ended (pid ${owner.pid})`);
    await stopOrphan(postmaster);
  }
  await rm(path.join(pgdata, 'postmaster.pid'), { force: true });
  const me: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  await writeFile(`${ownerFile}.part`, JSON.stringify(me), { mode: 0o600 });
  await rename(`${ownerFile}.part`, ownerFile);
  return async () => {
    const current = await readOwner(ownerFile);
    if (current?.pid === process.pid) await rm(ownerFile, { force: true });
  };
}

interface Owner {
  pid: number;
  /** Start time of the pid in clock ticks since boot (Linux), or null where /proc is absent. */
  started: number | null;
}

async function readOwner(file: string): Promise<Owner | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Owner>;
    return Number.isInteger(value.pid) && value.pid! > 0 ? { pid: value.pid!, started: value.started ?? null } : null;
  } catch {
    return null; // absent, or half written by a crash
  }
}

async function readPostmasterPid(pgdata: string): Promise<number | null> {
  const file = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

function isSameProcess(owner: Owner): boolean {
  if (!isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || owner.started === started;
}

/** A live pid that is not PostgreSQL (the pid was reused after a reboot) does not hold the folder. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return existsSync('/proc') ? false : true;
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL: the folder must be free to start again. */
async function stopOrphan(pid: number): Promise<void> {
  for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      if (!isAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) left by an ended portal does not stop`);
}

function startTimeOf(pid: number): number | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    // EPERM: alive, owned by another user (PostgreSQL runs as `postgres` when the portal is root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An ended process its parent has not reaped yet still answers signal 0. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
  }
}
