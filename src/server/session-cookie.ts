import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../contract/web-session';

/**
 * The web app's session cookie (ADR 0014, issue 21 item 6): HttpOnly so page script cannot read
 * it, SameSite=Strict so no other site's request carries it, Secure (and the `__Host-` name) when
 * the portal is reached over HTTPS. On plain http (one machine, localhost) a Secure cookie would
 * never come back, so that case uses a plain name.
 */
export const SECURE_COOKIE = '__Host-portal-session';
export const PLAIN_COOKIE = 'portal-session';
/** As long as a session can live (session.policy: 30 days at most); the server decides validity. */
const MAX_AGE_S = 30 * 24 * 3600;

/** A call of the portal's web app (it sends the custom header no cross-site form can). */
export const isWebClient = (headers: IncomingMessage['headers']): boolean => headers[WEB_CLIENT_HEADER] === WEB_CLIENT_VALUE;

/** The session token in a Cookie header, the Secure cookie first. */
export function sessionCookieOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const found = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name !== SECURE_COOKIE && name !== PLAIN_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    // Tokens are base64url: anything else is not ours.
    if (/^[\w-]{20,200}$/.test(value) && !found.has(name)) found.set(name, value);
  }
  return found.get(SECURE_COOKIE) ?? found.get(PLAIN_COOKIE) ?? null;
}

const cookieName = (secure: boolean) => (secure ? SECURE_COOKIE : PLAIN_COOKIE);
const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

/** Sets the session cookie on the login's answer (request.protocol honours TRUST_PROXY). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https';
  reply.header('set-cookie', `${cookieName(secure)}=${token}; Max-Age=${MAX_AGE_S}; ${attributes(secure)}`);
}

/** Clears both names (a portal moved behind HTTPS may have left the plain one). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  const cleared = [`${PLAIN_COOKIE}=; Max-Age=0; ${attributes(false)}`];
  if (secure) cleared.push(`${SECURE_COOKIE}=; Max-Age=0; ${attributes(true)}`);
  reply.header('set-cookie', cleared);
}

/**
 * The session token a websocket upgrade (`/mqtt`, `/ws/data`) carries in its cookie, or null.
 * Only from the portal's own pages: a browser sends the Origin of the page that opens a socket,
 * and a page of another origin must not ride on the cookie (cross-site websocket hijacking).
 */
export function upgradeSessionToken(request: IncomingMessage | undefined | null): string | null {
  if (!request) return null;
  const token = sessionCookieOf(request.headers.cookie);
  if (!token) return null;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return null;
  }
  // The host the page was loaded from: the Host header, or the one a reverse proxy forwards (a browser can set neither).
  const forwarded = request.headers['x-forwarded-host'];
  const hosts = [request.headers.host, typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : undefined];
  return hosts.includes(originHost) ? token : null;
}
