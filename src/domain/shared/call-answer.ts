import type { Refused } from './refused';

/**
 * What a machine's call actor answers when the call needs no reading of its own (issue 34, the
 * recipe's "call actor"): the call's data on success, the name of a refusal the contract declares,
 * or any other refusal with its message ('' when a dialog already told, as for an expired login).
 * The names are the contract's, so a machine branches on `answer.kind === 'notYours'` without
 * seeing a code or an envelope.
 */
export type CallAnswer<Data, RefusalName extends string = never> =
  | { kind: 'done'; data: Data }
  | { kind: RefusalName }
  | Refused;
