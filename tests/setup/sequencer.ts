import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which the workers take the files:
 * - the longest first, from the times of a recent run (tests/file-times.json, written by
 *   `node scripts/test-times.mjs --save`; a fresh clone has no Vitest cache to learn them from),
 *   so no long file starts last and keeps one core busy alone at the end;
 * - files of one project and one environment next to each other: a worker keeps its modules for
 *   the next file only when that file is of the same project and environment (isolate: false).
 * A file the table does not know counts as its project's median.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = fileTimes(root);
    const key = (spec: TestSpecification) => path.relative(root, spec.moduleId);
    const medians = new Map<string, number>();
    for (const spec of files) {
      const project = spec.project.name;
      if (medians.has(project)) continue;
      const times = files.filter((f) => f.project.name === project).map((f) => known[key(f)]).filter((t): t is number => t !== undefined).sort((a, b) => a - b);
      medians.set(project, times[Math.floor(times.length / 2)] ?? 0);
    }
    const seconds = (spec: TestSpecification) => known[key(spec)] ?? medians.get(spec.project.name)!;
    const projectTime = new Map<string, number>();
    for (const spec of files) projectTime.set(spec.project.name, (projectTime.get(spec.project.name) ?? 0) + seconds(spec));
    return [...files].sort(
      (a, b) =>
        // The project with the most work first, then its environments, each longest first.
        projectTime.get(b.project.name)! - projectTime.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        environmentOf(a.moduleId).localeCompare(environmentOf(b.moduleId)) ||
        seconds(b) - seconds(a) ||
        a.moduleId.localeCompare(b.moduleId),
    );
  }
}

function fileTimes(root: string): Record<string, number> {
  const file = path.join(root, 'tests/file-times.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

const environments = new Map<string, string>();

/** A file's `@vitest-environment` (UI files say jsdom in their first lines), or node. */
function environmentOf(file: string): string {
  let known = environments.get(file);
  if (known === undefined) {
    known = /@vitest-environment\s+(\S+)/.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? 'node';
    environments.set(file, known);
  }
  return known;
}
