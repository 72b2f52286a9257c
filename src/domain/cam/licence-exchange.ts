/**
 * The old-user points exchange of the CAM page (spec 2 sections 6 and 9, DECISIONS 4): who sees
 * the exchange table, which licences may be exchanged and when, and what it costs. One set of
 * rules: the server's OldUserPointExchange enforces them, the page shows them.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A licence is exchangeable only within the 7 days before it expires. */
export const EXCHANGE_WINDOW_MS = 7 * DAY_MS;
/** What one exchange adds to a licence: a year from its current expiry. */
export const EXCHANGE_EXTENSION_MS = 365 * DAY_MS;

/** The licence ids of the offer (spec 2 section 9): the products whose licences can be bought with points. */
export const EXCHANGE_OFFERS = {
  250626: { product: 'nest' },
  838249: { product: 'nestTube' },
} as const;
export type OfferId = keyof typeof EXCHANGE_OFFERS;
export const isOfferId = (id: number): id is OfferId => Object.hasOwn(EXCHANGE_OFFERS, id);

/** The full price, and the preferential price (90 % off) that old users pay. */
export const EXCHANGE_PRICE = { full: 3000, preferential: 300 } as const;

/** Who is asking: from the server's configuration and the account. */
export interface ExchangeAccess {
  /** IsOldUser 1 (configured, or set on one of the caller's licences). */
  oldUser: boolean;
  /** The account's e-mail is in one of the internal company domains. */
  internal: boolean;
  /** An internal-domain user has confirmed name and account (Is{product}User). */
  confirmed: boolean;
  /** The account has an e-mail at all; without one the page sends the user to the user centre. */
  hasEmail: boolean;
}

/** Whether the exchange table shows: for old users, and for internal-domain users once they confirmed (spec 2 section 6). */
export function exchangeTableVisible(access: ExchangeAccess): boolean {
  if (!access.hasEmail) return false;
  return access.oldUser || (access.internal && access.confirmed);
}

/** Whether the page must first ask an internal-domain user to confirm name and account. */
export const needsConfirmation = (access: ExchangeAccess): boolean => access.hasEmail && !access.oldUser && access.internal && !access.confirmed;

/** The points one exchange costs this caller: old users pay the preferential price, internal-domain users the full one. */
export const exchangeCost = (access: Pick<ExchangeAccess, 'oldUser'>): number => (access.oldUser ? EXCHANGE_PRICE.preferential : EXCHANGE_PRICE.full);

export type ExchangeWindow = 'tooEarly' | 'open' | 'expired';

/**
 * Where `now` is against a licence's expiry: open from exactly 7 days before it (inclusive) until
 * it expires (exclusive); earlier is too early, at or after the expiry it has expired.
 */
export function exchangeWindow(expiresAt: number, now: number): ExchangeWindow {
  if (now >= expiresAt) return 'expired';
  if (now < expiresAt - EXCHANGE_WINDOW_MS) return 'tooEarly';
  return 'open';
}

/** The expiry after one exchange. */
export const extendedExpiry = (expiresAt: number): number => expiresAt + EXCHANGE_EXTENSION_MS;

export type ExchangeBlock = 'notEligible' | 'notOffered' | 'tooEarly' | 'expired' | 'insufficientPoints';

/**
 * Why an exchange is refused, as `OldUserPointExchange` names its refusals: the server refuses
 * with these and the page tells them apart (`cam-page.machine.ts`). A block the page shows
 * before the button is pressed, or what only the server knows.
 */
export type ExchangeRefusal = ExchangeBlock | 'noEmail' | 'confirmationRequired' | 'noLicence';

/** Why a licence cannot be exchanged now, or null when the button may be pressed. */
export function exchangeBlock(
  licence: { offerId: number; expiresAt: number },
  context: { access: ExchangeAccess; points: number; now: number },
): ExchangeBlock | null {
  if (!exchangeTableVisible(context.access)) return 'notEligible';
  if (!isOfferId(licence.offerId)) return 'notOffered';
  const window = exchangeWindow(licence.expiresAt, context.now);
  if (window !== 'open') return window;
  if (context.points < exchangeCost(context.access)) return 'insufficientPoints';
  return null;
}

/** Account confirmation (spec 2 section 5): name and account both required. */
export type ConfirmationProblem = 'nameRequired' | 'accountRequired';
export function confirmationProblems(form: { realName: string; account: string }): ConfirmationProblem[] {
  const problems: ConfirmationProblem[] = [];
  if (!form.realName.trim()) problems.push('nameRequired');
  if (!form.account.trim()) problems.push('accountRequired');
  return problems;
}

/**
 * Whether an e-mail is in an internal domain: each pattern is a domain (`laser.internal`, matching
 * exactly) or `*.domain` (matching any subdomain of it, and the domain itself).
 */
export function isInternalEmail(email: string | null | undefined, patterns: readonly string[]): boolean {
  const at = (email ?? '').trim().toLowerCase().lastIndexOf('@');
  if (at < 1) return false;
  const domain = (email ?? '').trim().toLowerCase().slice(at + 1);
  return patterns.some((raw) => {
    const p = raw.trim().toLowerCase();
    if (!p) return false;
    if (p.startsWith('*.')) {
      const base = p.slice(2);
      return domain === base || domain.endsWith(`.${base}`);
    }
    return domain === p;
  });
}
