import type { FastifyInstance } from 'fastify';
import type { CallContract } from '../../contract/call';
import { isEmptyAnswer, isSuccess, type Envelope } from '../../contract/envelope';
import { pageAnswerKey, type PageAnswer } from '../../contract/page-answers';
import type { PortalHttpPort } from '../../ports/portal-http.port';

/** What the calls answered with no envelope (a file, a proxy page): never painted from. */
const NO_ENVELOPE: Envelope<unknown> = { code: 500, info: 'no envelope' };

/**
 * PortalHttpPort on the server, for painting a page with the caller's data (ADR 0026): the
 * browser's own API adapters run here over it, and each call goes through the portal's routes
 * (`inject`: the same schemas, access checks and services as the browser's call) with the
 * caller's token, counted against the caller's address. It keeps every answer, which the page
 * then carries so that the app takes them instead of asking again; a call made twice (the fleet,
 * painted in two languages) is answered once.
 */
export class InjectedPortalHttp implements PortalHttpPort {
  private readonly answers = new Map<string, PageAnswer>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string,
    private readonly remoteAddress: string,
  ) {}

  call: PortalHttpPort['call'] = async (call: CallContract | string, body: unknown) => {
    const path = typeof call === 'string' ? call : call.path;
    const key = pageAnswerKey(path, body);
    // The page is painted in both languages: a call both make goes to the routes once.
    const known = this.answers.get(key);
    if (known) return known.envelope as never;
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`,
      headers: { token: this.token, 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
      remoteAddress: this.remoteAddress,
    });
    let envelope = NO_ENVELOPE;
    try {
      const parsed = response.json() as Envelope<unknown>;
      if (parsed && typeof parsed === 'object' && typeof parsed.code === 'number') envelope = parsed;
    } catch {
      // Not JSON: painted as a failure.
    }
    // Only what the app would keep showing: a refusal or an overload is asked for again by the app.
    if (isSuccess(envelope) || isEmptyAnswer(envelope)) this.answers.set(key, { path, body: body ?? {}, envelope });
    return envelope as never;
  };

  /** Every answer the calls got, for the page to carry. */
  recorded(): PageAnswer[] {
    return [...this.answers.values()];
  }
}
