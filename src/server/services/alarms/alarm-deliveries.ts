import { robotRequest, type SignedRequest } from '../../../adapters/webhook/robot-messages';
import type { AlarmStore, ClaimedDelivery } from '../../../ports/alarm-store.port';
import type { Clock } from '../../../ports/clock.port';
import type { MailerPort } from '../../../ports/mailer.port';

/** The waits before each retry; after the last a delivery is failed (about 1 h 20 min in all). */
export const RETRY_WAITS_MS = [10_000, 30_000, 120_000, 600_000, 3_600_000];
/** How long a claimed delivery is held before another portal may take it again (a send times out in 5 s). */
const LEASE_MS = 60_000;
const BATCH = 20;

export type WebhookSend = (request: SignedRequest) => Promise<{ ok: true } | { ok: false; error: string }>;

/**
 * Sends the deliveries the notifier wrote: e-mails through the mail port, webhooks to their
 * receivers, each retried with backoff and logged. Due rows are claimed with `skip locked`, so
 * several portals share the work without sending one twice. Runs when told (`sendSoon`) and
 * every few seconds for the retries.
 */
export class AlarmDeliveries {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: AlarmStore,
    private readonly mailer: MailerPort,
    private readonly sendWebhook: WebhookSend,
    private readonly clock: Clock,
  ) {}

  /** Sends what is due now; resolves when this round (and any asked for meanwhile) is done. */
  sendDue(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          let claimed: ClaimedDelivery[];
          do {
            claimed = await this.store.claimDue(this.clock.now(), LEASE_MS, BATCH);
            await Promise.all(claimed.map((d) => this.deliver(d)));
          } while (claimed.length === BATCH);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Checks for due retries every `everyMs` (unref'd: it never keeps the process up). */
  start(everyMs = 5000): void {
    this.timer ??= setInterval(() => void this.sendDue().catch(() => {}), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const result = await this.send(d).catch((error: Error) => ({ ok: false as const, error: error.message.slice(0, 200) }));
    const now = this.clock.now();
    if (result.ok) return this.store.markSent(d.id, now);
    const wait = RETRY_WAITS_MS[d.attempts - 1];
    if (wait === undefined) return this.store.markFailed(d.id, result.error);
    return this.store.markRetry(d.id, new Date(now.getTime() + wait), result.error);
  }

  private async send(d: ClaimedDelivery): Promise<{ ok: true } | { ok: false; error: string }> {
    const m = d.message;
    if (d.channel === 'email') {
      await this.mailer.send({ to: d.target, subject: m.title, text: [...m.lines, m.link].join('\n') });
      return { ok: true };
    }
    if (d.channel === 'webhook') {
      if (!d.webhook) return { ok: false, error: 'the webhook was removed' };
      // Only an episode's changes go to webhooks (a label request is the owner's bell and e-mail, ADR 0028).
      if (d.event === 'labelRequest' || d.episodeId === null || m.kind === null) return { ok: false, error: 'not an alarm episode' };
      const notice = { title: m.title, lines: m.lines, link: m.link, facts: { event: d.event, kind: m.kind, orderNumber: m.orderNumber, machineName: m.machineName, text: m.text, at: m.at, episodeId: d.episodeId } };
      return this.sendWebhook(robotRequest(d.webhook.format, d.webhook.url, d.webhook.secret, notice, this.clock.now().getTime()));
    }
    return { ok: true };
  }
}
