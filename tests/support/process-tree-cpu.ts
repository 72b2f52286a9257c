import { readdirSync, readFileSync } from 'node:fs';

// Kept free of vitest. Linux only: reads /proc; elsewhere it answers null.

const TICKS_PER_S = 100; // USER_HZ: 100 on every Linux that exposes it to /proc readers

/**
 * The CPU time, in ms, that the processes `roots` and all their descendants have used, the
 * descendants already gone included: a process that was waited for adds its time to its parent's
 * (cutime and cstime), so Chromium's closed renderers stay in the zygote's count. Null where
 * /proc cannot be read.
 */
export function treeCpuMs(roots: readonly number[]): number | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command name may hold spaces and parentheses: the fields follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    const parent = Number(fields[1]);
    ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let sum = 0;
  const seen = new Set<number>();
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    sum += ticks.get(pid) ?? 0;
    for (const child of children.get(pid) ?? []) walk(child);
  };
  for (const root of roots) walk(root);
  return Math.round((sum * 1000) / TICKS_PER_S);
}

/** The processes whose parent is `parent` (a process this one started), or [] where /proc cannot be read. */
export function childPids(parent: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
    } catch {
      return false;
    }
  }).map(Number);
}
