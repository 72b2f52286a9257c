import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { gptSegment } from '../../../src/ui/common/brand';
import { PAGE_TITLES, pageTitleOf } from '../../../src/ui/shell/page-titles';
import { appRoutes } from '../../../src/ui/shell/routes';

const HAN = /\p{Script=Han}/u;

/** Every path of the route table, as the table of titles writes it (the chat's brand segment as {gpt}). */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path === undefined ? parent : `${parent}/${route.path}`;
    const here = route.path === undefined && !route.index ? [] : [own.replace(gptSegment(), '{gpt}')];
    return [...here, ...(route.children ? pathsOf(route.children, own === '/' ? '' : own) : [])];
  });
}

describe('the page titles', () => {
  const routes = pathsOf(appRoutes({ hasToken: () => false }));
  const table = new Map(PAGE_TITLES);

  it('name every route of the route table, in zh with CJK and in en without', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const path of routes) {
      expect(table.has(path), `no title for ${path} in page-titles.ts`).toBe(true);
      const title = table.get(path);
      if (title === null || title === undefined) continue; // the articles name the tab themselves
      expect(title.zh, path).toMatch(HAN);
      expect(title.en, path).not.toMatch(HAN);
      expect(title.en.trim(), path).not.toBe('');
    }
  });

  it('keeps no title of a route that is gone', () => {
    for (const [path] of PAGE_TITLES) expect(routes, path).toContain(path);
  });

  it('names the tab after the page, then the portal, in the page\'s language; articles keep their own', () => {
    expect(pageTitleOf('/index/task', 'zh', 'Laser')).toBe('任务与报表 · Laser 服务平台');
    expect(pageTitleOf('/index/task', 'en', 'Laser')).toBe('Tasks and reports · Laser Service Portal');
    expect(pageTitleOf('/STOCK', 'zh', 'Acme')).toBe('备件库存 · Acme 服务平台');
    expect(pageTitleOf('/index/AcmeGpt', 'en', 'Acme')).toBe('Assistant · Acme Service Portal');
    expect(pageTitleOf('/index/nope', 'en', 'Acme')).toBe('Page not found · Acme Service Portal');
    expect(pageTitleOf('/deviceInfo/T-1/tube', 'zh', 'Laser')).toBe('设备详情 · Laser 服务平台');
    expect(pageTitleOf('/nestdown1.0/true', 'en', 'Laser')).toBe('Nest V1.0 download · Laser Service Portal');
    expect(pageTitleOf('/article/3/1', 'zh', 'Laser')).toBeNull();
    expect(pageTitleOf('/no/such/page', 'zh', 'Laser')).toBe('页面不存在 · Laser 服务平台');
  });
});
