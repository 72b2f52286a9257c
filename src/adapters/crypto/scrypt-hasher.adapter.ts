import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { PasswordHasherPort } from '../../ports/accounts-store.port';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Salted scrypt password hashes in the form `scrypt$N$r$p$salt$hash` (base64url). */
export class ScryptHasher implements PasswordHasherPort {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * @param cost scrypt N; 2^15 costs ~50 ms on this machine. Tests pass a small N.
   * @param maxParallel hashes that may run at once: half the cores, so a burst of logins leaves
   *   CPU and libuv threads (file and DNS work) to the other calls.
   */
  constructor(
    private readonly cost = 2 ** 15,
    private readonly maxParallel = Math.max(1, Math.floor(availableParallelism() / 2)),
  ) {}

  /** True once a hash at the configured cost has run (the portal's readiness waits for it). */
  get warm(): boolean {
    return this.warmed;
  }
  private warmed = false;

  /**
   * One hash at the configured cost, before the first login needs one: it starts libuv's thread
   * pool and has the process take scrypt's memory (32 MB at 2^15), the first login's extra time
   * after a restart otherwise (issue 35 item 14).
   */
  async warmUp(): Promise<void> {
    if (!this.warmed) await this.hash('warm-up');
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.limited(() => scryptAsync(password, salt, 32, this.options(this.cost)));
    this.warmed = true;
    return ['scrypt', this.cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [kind, n, r, p, salt, hash] = stored.split('$');
    if (kind !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const key = await this.limited(() =>
      scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: 256 * Number(n) * Number(r),
      }),
    );
    return key.length === expected.length && timingSafeEqual(key, expected);
  }

  private options(n: number): ScryptOptions {
    return { N: n, r: 8, p: 1, maxmem: 256 * n * 8 };
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxParallel) await new Promise<void>((go) => this.waiting.push(go));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
