/**
 * When a machine's trouble becomes one notification (issue 39 item 1): an episode opens when the
 * machine enters emergency stop, stops with an alarm, or goes offline while running, and closes
 * once it has been out of trouble for a hold time. People hear of the opening once, however often
 * the alarm repeats meanwhile, and of the close ("all clear") if they want it.
 */

/** The kinds of trouble a person can choose to hear about. */
export type AlarmKind = 'emergencyStop' | 'alarmStop' | 'offline';
export const ALARM_KINDS: readonly AlarmKind[] = ['emergencyStop', 'alarmStop', 'offline'];

/** How long a machine stays out of trouble before its episode closes: a flapping alarm is one episode. */
export const CLEAR_HOLD_MS = 60_000;

/** How long a running machine may be silent before it counts as offline (it publishes every second). */
export const OFFLINE_AFTER_MS = 30_000;

/** One machine's trouble as it stands. */
export interface Episode {
  kind: AlarmKind;
  /** When it opened (ms since the epoch). */
  since: number;
  /** The alarm's text when it opened (the controller's ErrorContent), else ''. */
  text: string;
  /** Since when the machine has been out of trouble, or null while it is in it. */
  calmSince: number | null;
}

/** What one reading of the machine says: the trouble it is in, or null. */
export interface Reading {
  at: number;
  trouble: { kind: AlarmKind; text: string } | null;
}

export type EpisodeChange = { kind: 'raised'; episode: Episode } | { kind: 'cleared'; episode: Episode; at: number } | null;

/**
 * The next state of a machine's episode after a reading, and what to tell people: `raised` when
 * an episode opens, `cleared` when it closes, null otherwise (readings out of order are taken as
 * of the latest time seen, so a late one never reopens or closes anything early).
 */
export function nextEpisode(current: Episode | null, reading: Reading): { episode: Episode | null; change: EpisodeChange } {
  const { at, trouble } = reading;
  if (!current) {
    if (!trouble) return { episode: null, change: null };
    const episode: Episode = { kind: trouble.kind, since: at, text: trouble.text, calmSince: null };
    return { episode, change: { kind: 'raised', episode } };
  }
  if (trouble) return { episode: current.calmSince === null ? current : { ...current, calmSince: null }, change: null };
  const calmSince = current.calmSince ?? at;
  if (at - calmSince >= CLEAR_HOLD_MS) return { episode: null, change: { kind: 'cleared', episode: current, at } };
  return { episode: current.calmSince === calmSince ? current : { ...current, calmSince }, change: null };
}
