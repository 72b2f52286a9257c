import { resolvesPublic } from './public-address';
import type { SignedRequest } from './robot-messages';

/** How long a receiver may take to answer before the try counts as failed. */
const TIMEOUT_MS = 5000;

/**
 * Posts a webhook's request. A receiver that answers 2xx took it; for the group robots, which
 * answer 200 with an error code in the body (`errcode` / `code`), the code must be 0 too.
 */
export async function sendWebhook(request: SignedRequest, options: { allowPrivate: boolean }): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    // Checked as the message goes: a name may resolve elsewhere than when the webhook was added.
    if (!options.allowPrivate && !(await resolvesPublic(new URL(request.url).hostname))) return { ok: false, error: 'the address is not on the public internet' };
    const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
    const text = await response.text();
    if (response.status < 200 || response.status > 299) return { ok: false, error: `HTTP ${response.status}` };
    const code = robotCodeOf(text);
    return code === null || code === 0 ? { ok: true } : { ok: false, error: `robot answered code ${code}` };
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message.slice(0, 200) };
  }
}

function robotCodeOf(text: string): number | null {
  try {
    const body = JSON.parse(text) as { errcode?: unknown; code?: unknown; StatusCode?: unknown };
    const code = body.errcode ?? body.code ?? body.StatusCode;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}
