import type { SnapshotFrom } from 'xstate';
import { licenceBlock, type camPageMachine, type CamNotice, type LicenceView } from '../../domain/cam/cam-page.machine';
import { EXCHANGE_PRICE, EXCHANGE_WINDOW_MS, exchangeTableVisible, isOfferId, type ExchangeBlock } from '../../domain/cam/licence-exchange';

/** An offered licence in the exchange table, with why its button is disabled (null: enabled). */
export interface ExchangeRowModel {
  licence: LicenceView;
  block: ExchangeBlock | null;
  /** When the window opens (epoch ms), for a licence that is too early. */
  opensAt: number;
  busy: boolean;
}

export interface CamPageModel {
  phase: 'loading' | 'failed' | 'noEmail' | 'confirming' | 'ready';
  loadError: string;
  licences: LicenceView[];
  points: number | null;
  cost: number;
  fullPrice: number;
  discounted: boolean;
  showExchange: boolean;
  exchangeRows: ExchangeRowModel[];
  now: number;
  exchanging: boolean;
  confirmBusy: boolean;
  confirmProblems: readonly string[];
  notice: CamNotice | null;
}

type Snapshot = SnapshotFrom<typeof camPageMachine>;

/** The CAM page's view model from the machine's snapshot. */
export function selectCamPage(snapshot: Snapshot): CamPageModel {
  const { licences, standing, pending, notice, confirmProblems, loadError } = snapshot.context;
  const phase: CamPageModel['phase'] = snapshot.matches('failed')
    ? 'failed'
    : snapshot.matches('noEmail')
      ? 'noEmail'
      : snapshot.matches('confirming')
        ? 'confirming'
        : snapshot.matches('ready') || snapshot.matches('exchanging')
          ? 'ready'
          : 'loading';
  const showExchange = !!standing && exchangeTableVisible(standing.access);
  const exchangeRows = showExchange
    ? licences
        .filter((l) => isOfferId(l.offerId))
        .map((licence) => ({
          licence,
          block: licenceBlock(snapshot.context, licence),
          opensAt: licence.expiredTime - EXCHANGE_WINDOW_MS,
          busy: pending?.licenceNo === licence.licenceNo,
        }))
    : [];
  return {
    phase,
    loadError,
    licences,
    points: standing ? standing.points : null,
    cost: standing?.cost ?? EXCHANGE_PRICE.full,
    fullPrice: EXCHANGE_PRICE.full,
    discounted: !!standing && standing.cost < EXCHANGE_PRICE.full,
    showExchange,
    exchangeRows,
    now: standing?.now ?? 0,
    exchanging: snapshot.matches('exchanging'),
    confirmBusy: snapshot.matches({ confirming: 'submitting' }),
    confirmProblems,
    notice,
  };
}
