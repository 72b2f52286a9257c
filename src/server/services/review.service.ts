import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { UserRepository } from '../../ports/accounts-store.port';
import { fail, ok } from './service-result';

/** Staff review of registrations made without a code (SaveEmailErrorUser). */
export class ReviewService {
  constructor(private readonly users: UserRepository) {}

  async pending(): Promise<Envelope> {
    const list = await this.users.listByStatus('pending_review');
    if (list.length === 0) return ok(NO_DATA, NO_DATA, { ReturnCount: 0 });
    return ok(
      list.map((u) => ({
        UserId: u.id,
        Account: u.account,
        Email: u.email ?? '',
        Mobile: u.mobile ?? '',
        RealName: u.realName,
        Address: u.address,
        FullPathName: u.fullPathName,
        CreateTime: u.createdAt.toISOString(),
      })),
      'success',
      { ReturnCount: list.length },
    );
  }

  async decide(userId: string, approve: boolean): Promise<Envelope> {
    const user = await this.users.findById(userId);
    if (!user || user.status !== 'pending_review') return fail(404, 'No registration waiting for review with this id');
    await this.users.setStatus(user.id, approve ? 'active' : 'rejected');
    return ok(null, approve ? 'Approved' : 'Rejected');
  }
}
