import { fail, ok } from '../services/service-result';
import type { SessionService } from '../services/session.service';
import { defineRoute, stringBody } from '../route-kit';

/** api/Login/*: logging in and out. */
export function loginRoutes(sessions: SessionService) {
  return [
    defineRoute<{ Account: string; Password: string; Email?: string }>({
      controller: 'Login',
      action: 'UserLogin',
      access: 'public',
      summary: 'Log in with an e-mail or phone account; answers the user with a session token',
      body: stringBody(['Password'], ['Account', 'Email']),
      rateLimit: { max: 30, timeWindow: 60_000 },
      async handle({ body }) {
        const account = (body.Account || body.Email || '').trim();
        if (!account) return fail(400, 'Account cannot be empty');
        if (!body.Password) return fail(400, 'Password cannot be empty');
        return sessions.login(account, body.Password);
      },
    }),
    defineRoute({
      controller: 'Login',
      action: 'UserLogout',
      access: 'customer',
      summary: 'Revoke the session of the token that calls',
      body: { type: 'object' },
      async handle({ caller }) {
        await sessions.logout(caller!);
        return ok(null, 'logged out');
      },
    }),
  ];
}
