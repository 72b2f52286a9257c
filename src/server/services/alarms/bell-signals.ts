import type { ChangeNoticesPort } from '../../../ports/change-notices.port';

/** The change-notice topic of the bells: another portal wrote or read a bell message. */
const BELL_TOPIC = 'alarm-bell';

/**
 * Tells the open bell streams (`Alarm/WatchBell`) that a person's bell changed: on this portal
 * at once for that person, and through the database's notices to every other portal, whose
 * streams read their counts again (a notice carries no payload).
 */
export class BellSignals {
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(private readonly notices: ChangeNoticesPort) {
    notices.subscribe(BELL_TOPIC, () => this.wakeAll());
  }

  /** Calls `wake` when the person's bell may have changed; answers the unsubscribe. */
  watch(userId: string, wake: () => void): () => void {
    let set = this.watchers.get(userId);
    if (!set) this.watchers.set(userId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (!set.size) this.watchers.delete(userId);
    };
  }

  changed(userIds: readonly string[]): void {
    for (const id of userIds) for (const wake of this.watchers.get(id) ?? []) wake();
    this.notices.publish(BELL_TOPIC).catch(() => {}); // the other portals' streams catch up on their next change
  }

  private wakeAll(): void {
    for (const set of this.watchers.values()) for (const wake of set) wake();
  }
}
