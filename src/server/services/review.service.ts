import type { UserRecord, UserRepository } from '../../ports/accounts-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import { done, refuse, type Outcome } from '../outcome';

/** Staff review of registrations made without a code (SaveEmailErrorUser). */
export class ReviewService {
  constructor(
    private readonly users: UserRepository,
    private readonly mailer?: MailerPort,
    private readonly brandName = 'Laser',
  ) {}

  /** GetReviewUsers: the registrations waiting for a decision. */
  async pending(): Promise<Outcome<UserRecord[]>> {
    return done(await this.users.listByStatus('pending_review'));
  }

  /** A registration's account and status as they are now (the audit log's "before"), null for none. */
  async state(userId: string): Promise<{ account: string; status: string } | null> {
    const user = await this.users.findById(userId);
    return user ? { account: user.account, status: user.status } : null;
  }

  /** ReviewUser: approves or rejects a registration that waits for review; answers the verdict. */
  async decide(userId: string, approve: boolean): Promise<Outcome<'approved' | 'rejected', 'notPending'>> {
    const user = await this.users.findById(userId);
    if (!user || user.status !== 'pending_review') return refuse('notPending');
    await this.users.setStatus(user.id, approve ? 'active' : 'rejected');
    // The customer learns the verdict by mail (both languages: the registration does not say which they read).
    if (user.email && this.mailer) await this.mailer.send(verdictMail(user.email, user.account, approve, this.brandName)).catch(() => undefined);
    return done(approve ? 'approved' : 'rejected');
  }
}

function verdictMail(to: string, account: string, approved: boolean, brand: string) {
  return approved
    ? {
        to,
        subject: `${brand}: 您的注册已通过审核 / your registration was approved`,
        text: `您的账号 ${account} 已通过审核，现在可以登录。\n\nYour account ${account} was approved: you can log in now.`,
      }
    : {
        to,
        subject: `${brand}: 您的注册未通过审核 / your registration was not approved`,
        text: `您的账号 ${account} 未通过审核，如有疑问请联系服务团队。\n\nYour registration ${account} was not approved. Please contact the service team.`,
      };
}
