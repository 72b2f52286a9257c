import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSegment, guardRoute, PUBLIC_SEGMENTS, safeReturnPath } from '../../../src/domain/accounts/route-guard';

const segment = fc.stringMatching(/^[A-Za-z0-9._-]{0,12}$/);
const rest = fc.array(fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/), { maxLength: 4 });
const path = fc.tuple(segment, rest).map(([first, more]) => `/${[first, ...more].join('/')}`);
const publicPath = fc.tuple(fc.constantFrom(...PUBLIC_SEGMENTS), rest).map(([first, more]) =>
  first === '' ? '/' : `/${[first, ...more].join('/')}`,
);

describe('route guard', () => {
  it('lists exactly the public routes of spec 1, plus the policy and standards pages visitors may read the page a scanned machine label opens and the one an invitation e-mail links to', () => {
    expect([...PUBLIC_SEGMENTS].sort()).toEqual(
      [
        'Login', '', 'Register', 'visitor', 'softwareDown', 'bodorplus', 'bodornest', 'bodornesttube', 'folder',
        'article', 'service', 'camReport', 'nestvideo', 'bodornest1.5', 'nestdown1.0', 'Information', 'dr',
        'policy', 'standards', 'm', 'invitation',
      ].sort(),
    );
  });

  it('handles the examples of the spec', () => {
    expect(guardRoute({ pathname: '/Login', hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute({ pathname: '/login', hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute({ pathname: '/index/device', hasToken: false })).toEqual({ kind: 'redirect', to: '/Login' });
    expect(guardRoute({ pathname: '/usercenter', hasToken: false })).toEqual({ kind: 'redirect', to: '/Login' });
    expect(guardRoute({ pathname: '/visitor/software', hasToken: false })).toEqual({ kind: 'allow' });
    expect(guardRoute({ pathname: '/bodornest1.5/true', hasToken: false })).toEqual({ kind: 'allow' });
    expect(guardRoute({ pathname: '/', hasToken: false })).toEqual({ kind: 'allow' });
    expect(guardRoute({ pathname: '/index/device', hasToken: true })).toEqual({ kind: 'allow' });
  });

  it('reads the first segment', () => {
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('')).toBe('');
    expect(firstSegment('/folder/12')).toBe('folder');
    expect(firstSegment('//visitor/x')).toBe('visitor');
  });

  it('always lets a visitor open a public route', () => {
    fc.assert(fc.property(publicPath, (p) => guardRoute({ pathname: p, hasToken: false }).kind === 'allow'));
  });

  it('sends a visitor to /Login from every route outside the public list', () => {
    fc.assert(
      fc.property(path, (p) => {
        fc.pre(!PUBLIC_SEGMENTS.includes(firstSegment(p)));
        expect(guardRoute({ pathname: p, hasToken: false })).toEqual({ kind: 'redirect', to: '/Login' });
      }),
    );
  });

  it('lets a logged-in user go everywhere but the login page', () => {
    fc.assert(
      fc.property(path, (p) => {
        const isLogin = ['Login', 'login'].includes(firstSegment(p));
        expect(guardRoute({ pathname: p, hasToken: true })).toEqual(isLogin ? { kind: 'redirect', to: '/' } : { kind: 'allow' });
      }),
    );
  });

  it('never redirects twice: the target of a redirect is allowed', () => {
    fc.assert(
      fc.property(fc.oneof(path, publicPath), fc.boolean(), (p, hasToken) => {
        const decision = guardRoute({ pathname: p, hasToken });
        if (decision.kind === 'redirect') expect(guardRoute({ pathname: decision.to, hasToken })).toEqual({ kind: 'allow' });
      }),
    );
  });
});

describe('where a login returns to', () => {
  it('takes a path of the app, with its query and hash', () => {
    expect(safeReturnPath('/m/1a.2.AbCdEfGhIjKlMnOpQrStUv')).toBe('/m/1a.2.AbCdEfGhIjKlMnOpQrStUv');
    expect(safeReturnPath('/click?event=EV202612030001#list')).toBe('/click?event=EV202612030001#list');
    expect(safeReturnPath('/m/../index/device')).toBe('/index/device');
  });

  it('refuses anything that could leave the portal, and the login page itself', () => {
    for (const raw of [
      null,
      '',
      'm/abc',
      'https://evil.com/m/abc',
      'javascript:alert(1)',
      '//evil.com',
      '//evil.com/m/abc',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' /m/abc',
      '/Login',
      '/login?redirect=/Login',
      '/LOGIN',
      `/${'a'.repeat(2100)}`,
    ])
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
  });

  it('answers, for any text, null or a same-origin path that reads back as itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.string().map((s) => `/${s}`), fc.string().map((s) => `//${s}`)), (raw) => {
        const path = safeReturnPath(raw);
        if (path === null) return;
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        const url = new URL(path, 'https://portal.example');
        expect(url.origin).toBe('https://portal.example');
        expect(safeReturnPath(path)).toBe(path);
      }),
      { seed: 20261203, numRuns: 500 },
    );
  });
});
