/** A CAM licence as the licence server keeps it (spec 2 section 3). */
export interface CamLicence {
  /** The licence server's own id of the row. */
  id: number;
  /** The licence number (`licenseId` on the wire). */
  licenceNo: string;
  /** The product's licence id of the points offer (250626 nest, 838249 nest tube), or another product's. */
  offerId: number;
  userEmail: string;
  version: string;
  startTime: Date;
  endTime: Date;
  expiredTime: Date;
  firstUseTime: Date | null;
  creationTime: Date;
  isOldUser: boolean;
}

/** One exchange of points for a licence's extension, as the portal asks for it. */
export interface LicenceExchangeRequest {
  /** Whose points and licences: the company's account (ADR 0030). */
  userId: string;
  /** The member who asked for it, kept on the exchange and its ledger row. */
  actorId: string;
  /** The caller's licence e-mail: a licence of another e-mail is no licence of theirs. */
  email: string;
  licenceNo: string;
  cost: number;
  /** From the button: the same key never exchanges twice. */
  idempotencyKey: string;
  now: Date;
  /** The rule that decides, read inside the transaction with the licence locked: null when the exchange may go ahead. */
  check(licence: CamLicence): 'notOffered' | 'tooEarly' | 'expired' | null;
  /** The new expiry of a licence expiring at the given time. */
  extend(expiredTime: Date): Date;
}

export type LicenceExchangeResult =
  | { kind: 'exchanged'; licence: CamLicence; balance: number; repeated: boolean }
  | { kind: 'noLicence' }
  | { kind: 'refused'; reason: 'notOffered' | 'tooEarly' | 'expired' }
  | { kind: 'insufficientPoints'; balance: number };

/**
 * The licence (dongle) system behind the CAM page. The embedded default keeps licences in the
 * portal's database and books an exchange, the points debit and the extension, in one
 * transaction (`PgLicenceServer`); an adapter for a real licence system fits the same port
 * (debit, ask the system to extend with the idempotency key, refund on refusal).
 */
export interface LicenceServerPort {
  /** The licences issued to an e-mail, newest first. */
  licencesOf(email: string): Promise<CamLicence[]>;
  exchange(request: LicenceExchangeRequest): Promise<LicenceExchangeResult>;
}

/** Internal-domain users' confirmation of name and account (Is{product}User), remembered by the portal. */
export interface CamConfirmationStore {
  isConfirmed(userId: string): Promise<boolean>;
  confirm(userId: string, realName: string, account: string, at: Date): Promise<void>;
}
