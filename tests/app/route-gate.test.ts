import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { gateRoutes } from '../../src/app/route-gate';
import { appRoutes, needsOf, type PageNeeds } from '../../src/ui/shell/routes';

type LazyFn = () => Promise<unknown>;

/** A gate that opens when the test says so, and a log of what happened. */
function gate() {
  const log: string[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { log, open, ready: () => (log.push('asked'), opened) };
}

const page = (name: string, log: string[]): RouteObject['lazy'] => async () => (log.push(`loaded ${name}`), { Component: () => null });

describe('route gate', () => {
  it('lets the landing page load at once and makes every other page wait, loading its chunk meanwhile', async () => {
    const g = gate();
    const routes: RouteObject[] = [
      {
        id: 'root',
        children: [
          { index: true, lazy: page('landing', g.log) },
          { path: 'login', lazy: page('login', g.log) },
          { path: 'index', lazy: page('shell', g.log), children: [{ path: 'device', lazy: page('device', g.log) }] },
        ],
      },
    ];
    const [root] = gateRoutes(routes, g.ready);
    const [landing, login, shell] = root.children!;
    await (landing.lazy as LazyFn)();
    expect(g.log).toEqual(['loaded landing']);

    let done = false;
    const pending = (login.lazy as LazyFn)().then(() => (done = true));
    const child = (shell.children![0].lazy as LazyFn)();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    expect(g.log).toEqual(['loaded landing', 'asked', 'loaded login', 'asked', 'loaded device']);
    g.open();
    await Promise.all([pending, child]);
    expect(done).toBe(true);
  });

  it('gates the lazy properties of a route given as an object', async () => {
    const g = gate();
    const Component = async () => () => null;
    const [root] = gateRoutes([{ id: 'root', children: [{ path: 'x', lazy: { Component } }] }], g.ready);
    const lazy = root.children![0].lazy as unknown as { Component: LazyFn };
    const pending = lazy.Component();
    expect(g.log).toEqual(['asked']);
    g.open();
    expect(typeof (await pending)).toBe('function');
  });

  it('covers every page of the app: each route below the root is lazy', () => {
    const lazyEverywhere = (route: RouteObject): boolean => !!route.lazy && (route.children ?? []).every(lazyEverywhere);
    const [root] = appRoutes({ hasToken: () => false, brandName: 'Laser' });
    const notLazy = (root.children ?? []).filter((route) => !lazyEverywhere(route)).map((route) => route.path ?? 'index');
    expect(notLazy, 'a page that is not a lazy route renders before the app services and messages load').toEqual([]);
  });

  it('asks for what each route says its page needs, and for everything when it says nothing', async () => {
    const asked: Array<PageNeeds | undefined> = [];
    const needs: PageNeeds = { services: ['accounts'], messages: ['accounts'] };
    const routes: RouteObject[] = [
      {
        id: 'root',
        children: [
          { path: 'login', lazy: async () => ({ Component: () => null }), handle: { needs } },
          { path: 'other', lazy: async () => ({ Component: () => null }) },
        ],
      },
    ];
    const [root] = gateRoutes(routes, async (n) => void asked.push(n));
    for (const route of root.children!) await (route.lazy as LazyFn)();
    expect(asked).toEqual([needs, undefined]);
  });

  it('has every page of the app say what it needs (the landing page loads its own)', () => {
    const silent: string[] = [];
    const visit = (route: RouteObject, parent: string) => {
      const here = `${parent}/${route.path ?? (route.index ? '(index)' : '')}`;
      if (!needsOf(route) && here !== '/(index)') silent.push(here);
      for (const child of route.children ?? []) visit(child, here);
    };
    const [root] = appRoutes({ hasToken: () => false, brandName: 'Laser' });
    for (const route of root.children ?? []) visit(route, '');
    expect(silent, 'a route without needs waits for every area').toEqual([]);
  });
});
