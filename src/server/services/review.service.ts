import type { UserRecord, UserRepository } from '../../ports/accounts-store.port';
import { done, refuse, type Outcome } from './outcome';

/** Staff review of registrations made without a code (SaveEmailErrorUser). */
export class ReviewService {
  constructor(private readonly users: UserRepository) {}

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
    return done(approve ? 'approved' : 'rejected');
  }
}
