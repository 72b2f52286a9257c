import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_RESEND_MS,
  CODE_TTL_MS,
  judgeCode,
  makeCode,
  resendWaitSeconds,
  type CodeVerdict,
} from '../../domain/accounts/verification-code.policy';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import type { CodeRepository } from '../../ports/accounts-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { SmsPort } from '../../ports/sms.port';
import type { Clock } from './clock';

export type CodeRequest = { sent: true; waitSeconds: number } | { sent: false; waitSeconds: number };

/** Sends verification codes and checks them; the code itself never leaves the server but by mail or SMS. */
export class VerificationCodeService {
  constructor(
    private readonly codes: CodeRepository,
    private readonly mailer: MailerPort,
    private readonly sms: SmsPort,
    private readonly clock: Clock,
    private readonly brandName: string,
  ) {}

  async request(channel: 'email' | 'sms', contact: string): Promise<CodeRequest> {
    const address = normaliseContact(contact);
    const now = this.clock.now();
    const wait = resendWaitSeconds(await this.codes.latest(address), now);
    if (wait > 0) return { sent: false, waitSeconds: wait };
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
    return { sent: true, waitSeconds: CODE_RESEND_MS / 1000 };
  }

  /** Checks one try; a wrong try counts towards the lock, an accepted code is used up. */
  async verify(contact: string, entered: string): Promise<CodeVerdict> {
    const code = await this.codes.latest(normaliseContact(contact));
    const now = this.clock.now();
    const matches = code !== null && safeEqual(hashCode(entered.trim(), code.salt), code.codeHash);
    const verdict = judgeCode(code, matches, now);
    if (verdict === 'wrong') await this.codes.countAttempt(code!.id);
    if (verdict === 'accepted') await this.codes.consume(code!.id, now);
    return verdict;
  }
}

/** What a caller is told about a code that was not accepted. */
export const CODE_VERDICT_INFO: Record<Exclude<CodeVerdict, 'accepted'>, string> = {
  wrong: 'Verification code error!',
  locked: 'Too many wrong codes, please obtain the verification code again',
  expired: 'The verification code has expired, please obtain the verification code again',
  missing: 'Please obtain the verification code again',
};

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
