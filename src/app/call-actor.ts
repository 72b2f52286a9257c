import { fromPromise } from 'xstate';
import { readCallAnswer } from '../adapters/ky/call-answer.reader';
import type { BodyOf, CallContract, DataOf, RefusalOf } from '../contract/call';
import type { CallAnswer } from '../domain/shared/call-answer';
import type { PortalHttpPort } from '../ports/portal-http.port';

/**
 * A machine's call as a promise actor, straight from the contract (issue 34's recipe, docs/
 * ARCHITECTURE.md "Adding a call"): the body from the actor's input, the answer read by the
 * contract's refusal names, and the data in the machine's terms where the wire's names differ.
 * A call added this way needs no port method and no adapter method. The call is quiet: the
 * machine has a state for each answer and the screen says it (dialogs for an expired login, the
 * network and the timeout still come from the HTTP adapter).
 */
export function callActor<C extends CallContract, TInput, TData = DataOf<C>>(
  http: PortalHttpPort,
  call: C,
  body: (input: TInput) => BodyOf<C>,
  data: (wire: DataOf<C>) => TData = (wire) => wire as unknown as TData,
) {
  return fromPromise<CallAnswer<TData, RefusalOf<C>>, TInput>(async ({ input, signal }) => {
    const answer = readCallAnswer(call, await http.call(call, body(input), signal, { quiet: true }));
    if (answer.kind === 'done') return { kind: 'done', data: data((answer as { data: DataOf<C> }).data) };
    return answer as Exclude<CallAnswer<TData, RefusalOf<C>>, { kind: 'done' }>;
  });
}
