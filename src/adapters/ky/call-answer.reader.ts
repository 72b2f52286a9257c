import { isRefusal, type AnswerOf, type CallContract, type DataOf, type RefusalOf } from '../../contract/call';
import { isLoginExpired, isSuccess } from '../../contract/envelope';
import type { CallAnswer } from '../../domain/shared/call-answer';
import { refused } from '../../domain/shared/refused';

/**
 * Reads a call's envelope into a domain answer by the contract alone (issue 34's recipe): success
 * is its data, a refusal the contract names is that name, anything else is refused with the
 * message the HTTP adapter made (in the page's language). A call whose answer needs more reading
 * than that (a list that may be the no-data marker, wire fields renamed) keeps an adapter method.
 */
export function readCallAnswer<C extends CallContract>(call: C, answer: AnswerOf<C>): CallAnswer<DataOf<C>, RefusalOf<C>> {
  if (isSuccess(answer)) return { kind: 'done', data: answer.ReturnData as DataOf<C> };
  for (const [name, text] of Object.entries(call.refusals)) {
    if (isRefusal(answer, text)) return { kind: name as RefusalOf<C> };
  }
  // An expired login is the blocking dialog's to tell, not the page's too.
  return refused(isLoginExpired(answer) ? '' : answer.info);
}
