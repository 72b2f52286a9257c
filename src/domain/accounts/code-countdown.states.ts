import type { CodeAnswer } from './validation';

/** One second off a countdown; never below zero. */
export const countDown = (remaining: number): number => Math.max(0, remaining - 1);

// The implementations every parent names the same way (CODE_COUNTDOWN_NAMES): put them in its `setup`.

/** Guard `isCodeSent`: the code went out. */
export const isCodeSent = (_: unknown, params: { answer: CodeAnswer }): boolean => params.answer.kind === 'sent';
/** Guard `isLastSecond`: the count is at its last second. */
export const isLastSecond = ({ context }: { context: { remaining: number } }): boolean => context.remaining <= 1;
/** What the `start` action assigns: where the code went and the seconds to count. */
export const countdownFrom = (sentTo: string, answer: CodeAnswer) => ({
  codeSentTo: sentTo,
  remaining: answer.kind === 'sent' ? answer.waitSeconds : 0,
});

/** The names, as declared in the parent's `setup`, that one code-request region uses. */
export interface CodeCountdownNames {
  /** The event that asks for a code (`code.request`, `cam.requestCode`). */
  event: string;
  /** Guards under which that event is ignored (e.g. while a submit is on its way). */
  ignoreWhile: readonly string[];
  /** The actor that sends the code; it answers a CodeAnswer (sent with the seconds to wait, or refused). */
  src: string;
  /** Guard + action: the contact is not fit for a code, and the message that says why. */
  isInvalid: string;
  assignInvalid: string;
  clearError: string;
  /** Guard taking `{ answer }`: the server sent the code. */
  isSent: string;
  /** Action taking `{ answer }`: remember where the code went and start counting. */
  start: string;
  /** Action taking `{ answer }`: the server's refusal. */
  assignServerError: string;
  /** Guard, actions: the countdown's last second, one second off, the end. */
  isLastSecond: string;
  tick: string;
  end: string;
}

/** The usual names (registration, password reset); a second region in one machine names its own. */
export const CODE_COUNTDOWN_NAMES = {
  event: 'code.request',
  ignoreWhile: [],
  src: 'requestCode',
  isInvalid: 'isCodeRequestInvalid',
  assignInvalid: 'assignCodeRequestError',
  clearError: 'clearError',
  isSent: 'isCodeSent',
  start: 'startCountdown',
  assignServerError: 'assignServerError',
  isLastSecond: 'isLastSecond',
  tick: 'tick',
  end: 'endCountdown',
} as const satisfies CodeCountdownNames;

const answerOf = ({ event }: { event: { output: CodeAnswer } }) => ({ answer: event.output });

// A computed key widens to an index signature; this keeps the one event name.
const eventMap = <K extends string, T>(key: K, value: T) => ({ [key]: value }) as Record<K, T>;

/**
 * The code request + countdown region shared by registration, the CAM e-mail binding and
 * password reset: idle -> requesting (the `src` actor) -> counting (named delay `tick`,
 * re-entered each second) -> ended, where a new code may be asked for. A refused or failed
 * request goes back to idle. The parent adds its own `entry`/`on` by spreading the states.
 */
export function codeCountdownStates<const N extends CodeCountdownNames, TInputMapper extends (args: never) => unknown>(
  n: N,
  input: TInputMapper,
) {
  // `n.x` would widen to `string`; `name('x')` keeps the literal, so the parent's setup checks it.
  const name = <K extends keyof N>(key: K): N[K] => n[key];
  const request = [
    ...n.ignoreWhile.map((guard: N['ignoreWhile'][number]) => ({ guard })),
    { guard: name('isInvalid'), actions: name('assignInvalid') },
    { target: 'requesting' as const, actions: name('clearError') },
  ];
  return {
    idle: { on: eventMap(name('event'), request) },
    requesting: {
      tags: ['busy'] as const,
      invoke: {
        src: name('src'),
        input,
        onDone: [
          {
            guard: { type: name('isSent'), params: answerOf },
            target: 'counting',
            actions: { type: name('start'), params: answerOf },
          },
          { target: 'idle', actions: { type: name('assignServerError'), params: answerOf } },
        ],
        onError: { target: 'idle' },
      },
    },
    counting: {
      tags: ['counting'] as const,
      after: {
        tick: [
          { guard: name('isLastSecond'), target: 'ended', actions: name('end') },
          { target: 'counting', reenter: true, actions: name('tick') },
        ],
      },
    },
    ended: { on: eventMap(name('event'), request) },
  } as const;
}

/**
 * The lock after a code went out, as a parallel region of its own (the e-mail change dialog, the
 * label request form): `code.sent` starts it, each `second` (a delay the parent declares) takes
 * one off, and at the last one it goes back to idle. The parent's setup declares the guard
 * `isLastSecond` and the actions `tickCountdown` (remaining - 1, `countDown`) and `endCountdown` (remaining 0).
 */
export const lockCountdownRegion = {
  initial: 'idle',
  states: {
    idle: {},
    counting: {
      after: {
        second: [
          { guard: 'isLastSecond', target: 'idle', actions: 'endCountdown' },
          { target: 'counting', reenter: true, actions: 'tickCountdown' },
        ],
      },
    },
  },
  on: { 'code.sent': { target: '.counting' } },
} as const;
