import { nextEpisode, OFFLINE_AFTER_MS, type Episode, type EpisodeChange } from '../../domain/alarms/alarm-episode';
import { isRunning, troubleOf } from '../../domain/alarms/machine-trouble';
import { parseLiveMessage } from './live-values';

type Kind = 'sheet' | 'tube';

interface Watched {
  /** The machine's table; undefined while it is being looked up, null for a machine the portal does not know. */
  kind: Kind | null | undefined;
  state: number | null;
  /** Whether its last message named an alarm (ErrorType): a tube machine stops with the same State with or without one. */
  alarmNamed: boolean;
  /** When its last message came (ms). */
  at: number;
  running: boolean;
  episode: Episode | null;
}

export interface AlarmWatchDeps {
  kindOf: (orderNumber: string) => Promise<Kind | null>;
  /** An episode opened or closed (the notifier writes it; errors are its own). */
  onChange: (orderNumber: string, change: NonNullable<EpisodeChange>) => void;
  now?: () => number;
}

const STATE = Buffer.from('"State"');
const NO_ERROR_TYPE = Buffer.from('{"KEY":"ErrorType","VALUE":""}');
const ERROR_TYPE = Buffer.from('"ErrorType"');

/** Whether a live message names an alarm type, read without a parse where the message has none in the usual form. */
export function namesAlarm(payload: Buffer): boolean {
  if (payload.indexOf(ERROR_TYPE) < 0) return false;
  if (payload.indexOf(NO_ERROR_TYPE) >= 0) return false;
  return String(parseLiveMessage(payload)?.ErrorType ?? '') !== '';
}
const VALUE = Buffer.from('"VALUE"');

/**
 * A live message's State, read without parsing the message: the notifier sits on the live path
 * of every machine (10,000 at 1 Hz), where a JSON.parse each would cost a core's tenth. A message
 * written in another order than `{"KEY":"State","VALUE":n}` falls back to the parse.
 */
export function stateOf(payload: Buffer): number | null {
  const key = payload.indexOf(STATE);
  if (key < 0) return null;
  const value = payload.indexOf(VALUE, key);
  // Only `"State","VALUE"` (spaces allowed) is the item's own value; anything else is parsed.
  let adjacent = value > key && value - key < 16;
  for (let i = key + STATE.length; adjacent && i < value; i++) adjacent = payload[i] === 0x2c || payload[i] === 0x20;
  if (adjacent) {
    let i = value + VALUE.length;
    while (payload[i] === 0x20 || payload[i] === 0x3a /* : */) i++;
    let text = '';
    for (let c = payload[i]; c !== undefined && ((c >= 0x30 && c <= 0x39) || c === 0x2d); c = payload[++i]) text += String.fromCharCode(c);
    if (text && (payload[i] === 0x7d /* } */ || payload[i] === 0x2c || payload[i] === 0x20)) return Number(text);
  }
  const state = parseLiveMessage(payload)?.State;
  return typeof state === 'number' ? state : null;
}

/**
 * Watches every machine's live messages for trouble (emergency stop, a stop with an alarm, going
 * offline while running) and tells the notifier when an episode opens or closes
 * (`domain/alarms/alarm-episode.ts`). A message whose State did not change costs a map lookup; the
 * message is parsed only when it may open an episode, for the alarm's text.
 */
export class AlarmWatch {
  private readonly machines = new Map<string, Watched>();
  private readonly now: () => number;

  constructor(private readonly deps: AlarmWatchDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Episodes left open by an earlier run (the database's): their close is still told. */
  seed(open: readonly { orderNumber: string; kind: Episode['kind']; text: string; openedAt: Date }[]): void {
    for (const e of open) {
      const entry = this.entryOf(e.orderNumber);
      entry.episode = { kind: e.kind, since: e.openedAt.getTime(), text: e.text, calmSince: null };
    }
  }

  take(orderNumber: string, payload: Buffer): void {
    const entry = this.entryOf(orderNumber);
    if (!entry.kind) return;
    const state = stateOf(payload);
    if (state === null) return;
    const at = this.now();
    entry.at = at;
    // A tube machine's stop says whether it has an alarm only in ErrorType, under the same State.
    const alarmNamed = entry.kind === 'tube' && (state > 2 || state < 0) && namesAlarm(payload);
    if (state === entry.state && alarmNamed === entry.alarmNamed && !entry.episode) return;
    entry.state = state;
    entry.alarmNamed = alarmNamed;
    entry.running = isRunning(entry.kind, state);
    const mayTrouble = entry.kind === 'sheet' ? state === 7 || state === 8 : state > 2 || state < 0;
    const values = mayTrouble ? parseLiveMessage(payload) : null;
    const kind = troubleOf(entry.kind, state, String(values?.ErrorType ?? ''));
    this.read(orderNumber, entry, at, kind ? { kind, text: String(values?.ErrorContent ?? '') } : null);
  }

  /**
   * What time alone tells: a running machine silent for `OFFLINE_AFTER_MS` went offline. (An
   * open episode closes on the messages that come once the machine is out of trouble: `take`
   * reads every message while one is open.) Called every few seconds.
   */
  sweep(): void {
    const at = this.now();
    for (const [orderNumber, entry] of this.machines) {
      if (!entry.kind || !entry.running || at - entry.at < OFFLINE_AFTER_MS) continue;
      entry.running = false;
      entry.state = null;
      entry.alarmNamed = false;
      this.read(orderNumber, entry, at, { kind: 'offline', text: '' });
    }
  }

  /** Whether the watch last saw the machine running (the staff console and tests read it). */
  isRunning(orderNumber: string): boolean {
    return this.machines.get(orderNumber)?.running ?? false;
  }

  private read(orderNumber: string, entry: Watched, at: number, trouble: { kind: Episode['kind']; text: string } | null): void {
    const next = nextEpisode(entry.episode, { at, trouble });
    entry.episode = next.episode;
    if (next.change) this.deps.onChange(orderNumber, next.change);
  }

  private entryOf(orderNumber: string): Watched {
    let entry = this.machines.get(orderNumber);
    if (!entry) {
      entry = { kind: undefined, state: null, alarmNamed: false, at: this.now(), running: false, episode: null };
      this.machines.set(orderNumber, entry);
      const created = entry;
      this.deps.kindOf(orderNumber).then(
        (kind) => (created.kind = kind),
        () => this.machines.delete(orderNumber), // asked again with its next message
      );
    }
    return entry;
  }
}
