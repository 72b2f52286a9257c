/**
 * How the portal's own web app carries its session (ADR 0014): in an HttpOnly cookie the login
 * sets, never in page script. Every call of the web app sends this header; the server takes the
 * cookie only from calls that carry it, which a cross-site form or image cannot (CSRF).
 * API clients (apps, mini programs, scripts) keep sending the `token` header and need neither.
 */
export const WEB_CLIENT_HEADER = 'x-portal-client';
export const WEB_CLIENT_VALUE = 'web';
