import { randomUUID } from 'node:crypto';
import {
  confirmationProblems,
  exchangeCost,
  exchangeTableVisible,
  exchangeWindow,
  extendedExpiry,
  isInternalEmail,
  isOfferId,
  type ExchangeAccess,
  type ExchangeRefusal,
} from '../../domain/cam/licence-exchange';
import type { UserRecord, UserRepository } from '../../ports/accounts-store.port';
import type { CamConfirmationStore, CamLicence, LicenceServerPort } from '../../ports/licence-server.port';
import type { PointsLedgerStore } from '../../ports/points-ledger.port';
import type { CamConfig } from '../config';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

/** What the CAM page shows of the caller: their licences, who they are to the exchange, and their points. */
export interface CamLicences {
  licences: CamLicence[];
  access: ExchangeAccess;
  /** The caller's points balance. */
  points: number;
  /** What one exchange costs the caller. */
  cost: number;
}

export interface Exchanged {
  licence: CamLicence;
  balance: number;
  cost: number;
  repeated: boolean;
}

/** The licence e-mail of an account: the e-mail bound for CAM use, else its own. */
const licenceEmailOf = (user: UserRecord): string | null => (user.camEmail || user.email || '').trim().toLowerCase() || null;

/** Who asks: the company they work in (whose licences, access and points these are) and the member (who exchanged). */
export interface LicenceCaller {
  companyId: string;
  userId: string;
}

/**
 * The CAM page's server side (spec 2 section 6, DECISIONS 4): the company's licences from the
 * licence server, the account confirmation of internal-domain accounts, and the points exchange.
 * A company's licences, its access to the exchange and its points are those of the company's
 * account: the user whose id is the company's (its founder, ADR 0030), so a company of one reads
 * exactly what its person read before. Every rule is decided here from the session, never from the body.
 */
export class CamLicenceService {
  constructor(
    private readonly users: UserRepository,
    private readonly licenceServer: LicenceServerPort,
    private readonly confirmations: CamConfirmationStore,
    private readonly ledger: PointsLedgerStore,
    private readonly clock: Clock,
    private readonly config: CamConfig,
  ) {}

  private async accessOf(user: UserRecord, licences: CamLicence[]): Promise<ExchangeAccess> {
    const email = licenceEmailOf(user);
    const listed = [user.account, user.email ?? '', user.camEmail ?? ''].some((id) => id && this.config.oldUsers.includes(id.toLowerCase()));
    const internal = isInternalEmail(user.email, this.config.internalDomains) || isInternalEmail(user.camEmail, this.config.internalDomains);
    return {
      hasEmail: email !== null,
      oldUser: listed || licences.some((l) => l.isOldUser),
      internal,
      confirmed: internal ? await this.confirmations.isConfirmed(user.id) : false,
    };
  }

  /** The company's licences (none without an e-mail), its access to the exchange and its points. */
  async licences(companyId: string, licenceNo?: string): Promise<Outcome<CamLicences, 'noUser'>> {
    const user = await this.users.findById(companyId);
    if (!user) return refuse('noUser');
    const email = licenceEmailOf(user);
    const all = email ? await this.licenceServer.licencesOf(email) : [];
    const access = await this.accessOf(user, all);
    const wanted = licenceNo?.trim();
    const licences = wanted ? all.filter((l) => l.licenceNo === wanted) : all;
    return done({ licences, access, points: await this.ledger.balance(companyId), cost: exchangeCost(access) });
  }

  /** Is{product}User: a company whose account is of the internal domain confirms name and account; the account must be the company's. */
  async confirm(companyId: string, form: { realName: string; account: string }): Promise<Outcome<null, 'noUser' | 'jobErr' | 'notInternal' | 'accountMismatch'>> {
    if (confirmationProblems(form).length) return refuse('jobErr');
    const user = await this.users.findById(companyId);
    if (!user) return refuse('noUser');
    const access = await this.accessOf(user, []);
    if (!access.internal) return refuse('notInternal');
    const account = form.account.trim().toLowerCase();
    const own = [user.account, user.email ?? '', user.camEmail ?? ''].map((a) => a.trim().toLowerCase()).filter(Boolean);
    if (!own.includes(account)) return refuse('accountMismatch');
    await this.confirmations.confirm(companyId, form.realName.trim(), account, this.clock.now());
    return done(null);
  }

  /** OldUserPointExchange: debits the company's points and extends its licence in one booking, once per key; the member who asked is kept with it. */
  async exchange(caller: LicenceCaller, licenceNo: string, idempotencyKey: string | null): Promise<Outcome<Exchanged, ExchangeRefusal | 'noUser'>> {
    // Old clients send no key: the window still keeps a licence from being extended twice for one expiry.
    const key = idempotencyKey?.trim() || `server:${randomUUID()}`;
    const user = await this.users.findById(caller.companyId);
    if (!user) return refuse('noUser');
    const email = licenceEmailOf(user);
    if (!email) return refuse('noEmail');
    const access = await this.accessOf(user, await this.licenceServer.licencesOf(email));
    if (!exchangeTableVisible(access)) return refuse(access.internal && !access.confirmed ? 'confirmationRequired' : 'notEligible');
    const cost = exchangeCost(access);
    const result = await this.licenceServer.exchange({
      userId: caller.companyId,
      actorId: caller.userId,
      email,
      licenceNo: licenceNo.trim(),
      cost,
      idempotencyKey: key,
      now: this.clock.now(),
      check: (licence) => {
        if (!isOfferId(licence.offerId)) return 'notOffered';
        const window = exchangeWindow(licence.expiredTime.getTime(), this.clock.now().getTime());
        return window === 'open' ? null : window;
      },
      extend: (expiredTime) => new Date(extendedExpiry(expiredTime.getTime())),
    });
    switch (result.kind) {
      case 'exchanged':
        return done({ licence: result.licence, balance: result.balance, cost, repeated: result.repeated });
      case 'noLicence':
        return refuse('noLicence');
      case 'refused':
        return refuse(result.reason);
      case 'insufficientPoints':
        return refuse('insufficientPoints', { balance: result.balance, cost });
    }
  }
}
