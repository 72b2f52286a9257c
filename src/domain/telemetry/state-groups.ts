/**
 * The state code tables of spec 2 section 4 and ADR 0005: the message bus (tube) codes and the
 * data service (sheet) codes, their groups and the colour each group is shown in.
 */

/** Which table a page reads `State` with: the message bus page uses tube codes, the websocket page sheet codes. */
export type StateTable = 'tube' | 'sheet';

export type TubeStateGroup = 'run' | 'idle' | 'offline' | 'stop';

/** The sheet groups 0 to 4 of spec 2 section 4, by name. */
export type SheetStateGroup = 'idle' | 'running' | 'paused' | 'emergencyStop' | 'offline';

/** The sheet codes' own meanings (0/1 idle, 2 starting, ..., other offline). */
export type SheetState =
  | 'idle'
  | 'starting'
  | 'running'
  | 'pausing'
  | 'paused'
  | 'stopping'
  | 'emergencyStopping'
  | 'emergencyStopped'
  | 'offline';

export type StatePalette = 'green' | 'yellow' | 'blue' | 'red' | 'orange';

/** The spec's numbers of the sheet groups (0 idle, 1 running, 2 paused, 3 emergency stop, 4 offline). */
export const SHEET_GROUP_NUMBERS: Record<SheetStateGroup, number> = { idle: 0, running: 1, paused: 2, emergencyStop: 3, offline: 4 };

/** The code each table uses for "offline" when the page zeroes its values. */
export const OFFLINE_STATE: Record<StateTable, number> = { tube: 2, sheet: -1 };

/** Tube colours of spec 2 section 4: run green, idle yellow, offline blue, stop red. */
export const TUBE_PALETTE: Record<TubeStateGroup, StatePalette> = { run: 'green', idle: 'yellow', offline: 'blue', stop: 'red' };

/** Sheet colours, matching the tube ones: running green, idle yellow, offline blue, emergency stop red, paused orange. */
export const SHEET_PALETTE: Record<SheetStateGroup, StatePalette> = {
  running: 'green',
  idle: 'yellow',
  offline: 'blue',
  emergencyStop: 'red',
  paused: 'orange',
};

const SHEET_STATES: readonly SheetState[] = [
  'idle',
  'idle',
  'starting',
  'running',
  'pausing',
  'paused',
  'stopping',
  'emergencyStopping',
  'emergencyStopped',
];

// A transitional code belongs to the group it is heading for (ADR 0005): stopping -> idle.
const SHEET_GROUP_OF: Record<SheetState, SheetStateGroup> = {
  idle: 'idle',
  starting: 'running',
  running: 'running',
  pausing: 'paused',
  paused: 'paused',
  stopping: 'idle',
  emergencyStopping: 'emergencyStop',
  emergencyStopped: 'emergencyStop',
  offline: 'offline',
};

/** The code as a whole number, or null (`'3'` and `3.0` are 3; `2.5`, NaN and non-numbers are nothing). */
function wholeCode(code: unknown): number | null {
  const number = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

/** Tube codes: 0 run, 1 idle, 2 offline, anything else stop. */
export function tubeStateGroup(code: unknown): TubeStateGroup {
  switch (wholeCode(code)) {
    case 0:
      return 'run';
    case 1:
      return 'idle';
    case 2:
      return 'offline';
    default:
      return 'stop';
  }
}

/** Sheet codes 0 to 8 by meaning; anything else is offline. */
export function sheetStateOf(code: unknown): SheetState {
  const whole = wholeCode(code);
  return whole !== null && whole >= 0 && whole < SHEET_STATES.length ? SHEET_STATES[whole] : 'offline';
}

/** Sheet codes grouped: 0/1/6 idle, 2/3 running, 4/5 paused, 7/8 emergency stop, anything else offline. */
export function sheetStateGroup(code: unknown): SheetStateGroup {
  return SHEET_GROUP_OF[sheetStateOf(code)];
}

/** What a state badge shows: the group, its colour, and (sheet) the code's own meaning. */
export interface StateBadge {
  table: StateTable;
  group: TubeStateGroup | SheetStateGroup;
  palette: StatePalette;
  /** The sheet code's meaning when it differs from its group's name (starting, pausing, ...). */
  detail: SheetState | null;
}

/** The badge of a code in a table; `online: false` always shows the table's offline group. */
export function stateBadge(table: StateTable, code: unknown, online = true): StateBadge {
  if (table === 'tube') {
    const group = online ? tubeStateGroup(code) : 'offline';
    return { table, group, palette: TUBE_PALETTE[group], detail: null };
  }
  const state = online ? sheetStateOf(code) : 'offline';
  const group = SHEET_GROUP_OF[state];
  return { table, group, palette: SHEET_PALETTE[group], detail: state === group ? null : state };
}
