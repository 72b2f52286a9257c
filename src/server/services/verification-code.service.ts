import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_RESEND_MS,
  CODE_TTL_MS,
  judgeCode,
  makeCode,
  resendWaitSeconds,
  type CodeVerdict,
} from '../../domain/accounts/verification-code.policy';
import { contactProblem } from '../../domain/accounts/account-rules';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import type { CodeRepository } from '../../ports/accounts-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { SmsPort } from '../../ports/sms.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

/** Where a code goes: by mail or by SMS. */
export type CodeChannel = 'email' | 'sms';

/** The refusal names of a code that was not accepted, as the contract names them. */
export type CodeRefusal = 'codeWrong' | 'codeLocked' | 'codeExpired' | 'codeMissing';

const REFUSAL_OF: Record<Exclude<CodeVerdict, 'accepted'>, CodeRefusal> = {
  wrong: 'codeWrong',
  locked: 'codeLocked',
  expired: 'codeExpired',
  missing: 'codeMissing',
};

/** The refusal of a verdict, or null when the code was accepted. */
export const codeRefusalOf = (verdict: CodeVerdict): CodeRefusal | null => (verdict === 'accepted' ? null : REFUSAL_OF[verdict]);

/** Sends verification codes and checks them; the code itself never leaves the server but by mail or SMS. */
export class VerificationCodeService {
  constructor(
    private readonly codes: CodeRepository,
    private readonly mailer: MailerPort,
    private readonly sms: SmsPort,
    private readonly clock: Clock,
    private readonly brandName: string,
  ) {}

  /**
   * RegisterEmlie / RegisterMobile: a code to a well-formed address, at most one per 60 s; answers
   * the seconds until another may be asked for (never the code).
   */
  async send(channel: CodeChannel, contact: string): Promise<Outcome<number, 'contactRequired' | 'contactFormat' | 'tooSoon'>> {
    const problem = contactProblem(channel === 'email' ? 'email' : 'phone', contact);
    if (problem) return refuse(problem);
    const address = normaliseContact(contact);
    const now = this.clock.now();
    const wait = resendWaitSeconds(await this.codes.latest(address), now);
    if (wait > 0) return refuse('tooSoon', { seconds: wait }, wait);
    const code = makeCode(randomInt);
    const salt = randomBytes(16).toString('base64url');
    await this.codes.create({
      address,
      channel,
      salt,
      codeHash: hashCode(code, salt),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const text = codeText(code, this.brandName);
    if (channel === 'email') await this.mailer.send({ to: address, subject: `${this.brandName} verification code / 验证码`, text });
    else await this.sms.send({ to: address, text });
    return done(CODE_RESEND_MS / 1000);
  }

  /**
   * Checks one try; a wrong try counts towards the lock, an accepted code is used up. `store` is a
   * unit of work's (ADR 0027) when the code is used up only if the writes it proves commit.
   */
  async verify(contact: string, entered: string, store: CodeRepository = this.codes): Promise<CodeVerdict> {
    const code = await store.latest(normaliseContact(contact));
    const now = this.clock.now();
    const matches = code !== null && safeEqual(hashCode(entered.trim(), code.salt), code.codeHash);
    const verdict = judgeCode(code, matches, now);
    if (verdict === 'wrong') await store.countAttempt(code!.id);
    if (verdict === 'accepted') await store.consume(code!.id, now);
    return verdict;
  }
}

function hashCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function codeText(code: string, brand: string): string {
  return [
    `Your ${brand} verification code is ${code}. It is valid for 10 minutes.`,
    `您的${brand}验证码是 ${code}，10 分钟内有效。`,
    'If you did not ask for it, ignore this message. / 如非本人操作，请忽略。',
  ].join('\n');
}
