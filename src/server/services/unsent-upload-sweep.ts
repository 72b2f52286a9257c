import type { SupportService } from './support.service';

/**
 * The scheduled check that removes feedback uploads never sent with a feedback (a file slot
 * filled, then the form abandoned): each pass asks the support service to sweep what is older
 * than its time to live, by the infrastructure's clock. One pass at a time; stoppable.
 */
export class UnsentUploadSweep {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly support: SupportService,
    private readonly log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void } = { warn: () => {} },
  ) {}

  /** One pass (a pass already running is joined): the number of uploads removed. */
  runOnce(): Promise<number> {
    this.running ??= this.support.sweepUnsentUploads().finally(() => (this.running = null));
    return this.running;
  }

  /** Sweeps every `everyMs` until stopped. */
  start(everyMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().then(
        (removed) => removed > 0 && this.log.info?.({ removed }, 'feedback uploads never sent were removed'),
        (error: Error) => this.log.warn({ err: error.message }, 'feedback upload sweep failed'),
      );
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
