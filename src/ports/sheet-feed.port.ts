import type { SheetFrame } from '../domain/telemetry/sheet-protocol';

/** What a data-service socket reports. */
export interface SheetFeedListener {
  /** A frame from the server (`ready` after the login, then values, server-messages and refusals). */
  frame(frame: SheetFrame): void;
  /** The socket closed or could not open (close code; 4401 when the login was refused). */
  closed(code: number): void;
}

/** An open data-service socket. */
export interface SheetFeedConnection {
  /** Sends a group query (only after `ready`). */
  query(id: number, orderNumber: string, keys: readonly string[]): void;
  close(): void;
}

/** Live data of sheet machines over the websocket data service: one socket per call, logged in with the session token. */
export interface SheetFeedPort {
  open(listener: SheetFeedListener): SheetFeedConnection;
}
