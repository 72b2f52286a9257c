import type { FeedFailure } from '../domain/telemetry/tube-live.machine';

/** What a tube feed subscription reports. */
export interface TubeFeedListener {
  /** One message on the machine's topic, decoded as text (a `[{KEY, VALUE}]` list when the machine behaves). */
  message(payload: string): void;
  /** Connected (again) and subscribed. */
  connected(): void;
  /** The connection dropped; the feed is trying again. */
  reconnecting(): void;
  /** Something went wrong; `detail` is the library's or broker's own text. */
  failed(reason: FeedFailure, detail: string): void;
}

/** Live data of tube machines over the message bus: one subscription per page, ended by the returned function. */
export interface TubeFeedPort {
  subscribe(orderNumber: string, listener: TubeFeedListener): () => void;
}
