/** First path segments a visitor may open without a token (spec 1 section 2, exactly as listed; '' is `/`). */
export const PUBLIC_SEGMENTS: readonly string[] = [
  'Login',
  '',
  'Register',
  'visitor',
  'softwareDown',
  'bodorplus',
  'bodornest',
  'bodornesttube',
  'folder',
  'article',
  'service',
  'camReport',
  'nestvideo',
  'bodornest1.5',
  'nestdown1.0',
  'Information',
  'dr',
  // Not in spec 1's list, but spec 1 section 1 lets visitors read the warranty policy and service standards.
  'policy',
  'standards',
  // A scanned machine label (issue 39): anyone at the machine, the owner led on to its page.
  'm',
  // An invitation to a company (issue 37): its e-mail's link must survive the login or registration it leads to.
  'invitation',
];

// The route table spells the login route both ways; either spelling counts as "going to /Login".
const LOGIN_SEGMENTS: readonly string[] = ['Login', 'login'];

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: '/' | '/Login' };

/** The first segment of a path inside the app (basename already removed); '' for `/`. */
export function firstSegment(pathname: string): string {
  const trimmed = pathname.replace(/^\/+/, '');
  const end = trimmed.indexOf('/');
  return end === -1 ? trimmed : trimmed.slice(0, end);
}

/** A path as the route table matches it: case aside (its paths match case-insensitively), a trailing slash aside. */
export function normalPath(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_SEGMENTS.includes(firstSegment(pathname));
}

/** The route guard of spec 1: a token on /Login goes to /, no token outside the public list goes to /Login. */
export function guardRoute(input: { pathname: string; hasToken: boolean }): GuardDecision {
  const segment = firstSegment(input.pathname);
  if (input.hasToken) {
    return LOGIN_SEGMENTS.includes(segment) ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
  }
  return PUBLIC_SEGMENTS.includes(segment) ? { kind: 'allow' } : { kind: 'redirect', to: '/Login' };
}

/** The login page's query parameter naming where to go once logged in (`/Login?redirect=/m/<label>`). */
export const RETURN_PARAM = 'redirect';

const SAME_ORIGIN = 'https://portal.invalid';

/**
 * Where a login may send its person back to (issue 39 item 3: the scanned label they came from):
 * a path inside the app only, its query and hash kept. Anything that could leave the portal is
 * refused: a full URL, a scheme-relative `//host`, backslashes (browsers read `/\host` as a host),
 * control characters (the URL parser drops tabs and newlines, so `/\t/host` would become `//host`),
 * and the login page itself (a loop). Null when refused: the login opens the device section.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN);
  } catch {
    return null;
  }
  // The route table matches paths case-insensitively: /LOGIN is the login page too.
  if (url.origin !== SAME_ORIGIN || firstSegment(url.pathname).toLowerCase() === 'login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
