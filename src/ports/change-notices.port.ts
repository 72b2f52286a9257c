/**
 * Notices that something cached has changed, seen by every portal on the same database: a staff
 * change on one portal reaches the caches of all of them at once (several portals behind a
 * balancer, DECISIONS 5). A notice carries only a topic; each portal reloads what it caches.
 */
export interface ChangeNoticesPort {
  /** Tells every portal, this one included, that `topic` changed. */
  publish(topic: string): Promise<void>;
  /**
   * Calls `listener` on each notice of `topic`, and after a lost connection is back (notices may
   * have been missed meanwhile). Answers the unsubscribe.
   */
  subscribe(topic: string, listener: () => void): () => void;
  close(): Promise<void>;
}
