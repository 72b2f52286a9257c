import { afterAll, describe, expect, it } from 'vitest';
import type { CopyJob } from '../../src/server/first-screens/copy-job';
import { CopyRenderer } from '../../src/server/first-screens/copy-renderer';

// The render worker of the painted pages (ADR 0026): a job it cannot render is refused, and the
// worker goes on with the next; a stopped worker is started again.

const renderer = new CopyRenderer();
afterAll(() => renderer.close());

const taskJob = (languages: CopyJob['languages']): CopyJob => ({
  page: 'task',
  languages,
  path: '/index/task',
  at: '/index/task',
  parts: ['task-machines'],
  script: 'paint()',
  brand: { name: 'Acme' },
  user: { UserId: 'u1', RealName: 'Ada Lovelace' },
  model: { status: 'empty', error: '', options: [], selected: null },
  tables: [],
});

describe('the copy renderer', () => {
  it('renders a job in the languages it names, with the box, its parts and the script', async () => {
    const fragment = await renderer.render(taskJob(['en']));
    expect(fragment).toContain('<template id="first-screen-en">');
    expect(fragment).not.toContain('first-screen-zh');
    expect(fragment).toContain('data-paths="/index/task" data-parts="task-machines"');
    expect(fragment).toContain('<script>paint()</script>');
    // The caller's name on the avatar, the brand in the shell.
    expect(fragment).toContain('aria-label="Acme"');
  });

  it('refuses a job it cannot render and renders the next', async () => {
    const broken = { ...taskJob(['zh']), page: 'device', views: {} } as unknown as CopyJob;
    await expect(renderer.render(broken)).rejects.toThrow();
    expect(await renderer.render(taskJob(['zh']))).toContain('<template id="first-screen-zh">');
  });

  it('answers a job rendered lately from its kept copy, another job afresh, and keeps no failure', async () => {
    const job = taskJob(['en']);
    const first = renderer.render(job);
    // The same job (another object of the same content) is the same copy, under way or done.
    expect(renderer.render(structuredClone(job))).toBe(first);
    await first;
    expect(renderer.render(structuredClone(job))).toBe(first);
    const other = renderer.render({ ...job, user: { UserId: 'u2', RealName: 'Grace Hopper' } });
    expect(other).not.toBe(first);
    expect(await other).toContain('<template id="first-screen-en">');
    const broken = { ...taskJob(['zh']), page: 'device', views: {} } as unknown as CopyJob;
    const failed = renderer.render(broken);
    await expect(failed).rejects.toThrow();
    expect(renderer.render(broken)).not.toBe(failed);
    await expect(renderer.render(broken)).rejects.toThrow();
  });

  it('keeps the copies of the latest 64 jobs only', async () => {
    const jobOf = (i: number) => ({ ...taskJob(['en']), user: { UserId: `kept-${i}`, RealName: `Person ${i}` } });
    const firstOne = renderer.render(jobOf(0));
    const second = renderer.render(jobOf(1));
    // Used again: now the latest.
    expect(renderer.render(jobOf(0))).toBe(firstOne);
    for (let i = 2; i <= 64; i++) renderer.render(jobOf(i));
    await renderer.render(jobOf(64));
    expect(renderer.render(jobOf(0))).toBe(firstOne);
    expect(renderer.render(jobOf(1))).not.toBe(second);
  });

  it('starts its worker again after it stopped', async () => {
    await renderer.close();
    expect(await renderer.render(taskJob(['en', 'zh']))).toContain('<template id="first-screen-zh">');
  });
});
