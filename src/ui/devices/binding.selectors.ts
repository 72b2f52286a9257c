import type { SnapshotFrom } from 'xstate';
import type { BindingProblem, bindingMachine } from '../../domain/devices/binding.machine';
import type { OrderNumberError } from '../../domain/devices/order-number';
import type { MessageValues } from '../i18n/intl';

/** A message id of devices.messages.ts with its values. */
export interface MessageRef {
  id: string;
  values?: MessageValues;
}

/** What the bind dialog shows. */
export interface BindingViewModel {
  orderNumber: string;
  fieldError: OrderNumberError | null;
  /** The server's answer to show, translated where its text is known. */
  serverMessage: MessageRef | null;
  busy: boolean;
  bound: boolean;
}

/** What the attempt left to say: "not found" and the lookup's empty answer are known; the server's own words are shown as they came. */
export function problemMessageRef(problem: BindingProblem | null): MessageRef | null {
  if (!problem) return null;
  if (problem.kind === 'unknown-machine') return { id: 'devices.bind.notFound' };
  if (problem.kind === 'lookup-empty') return { id: 'devices.bind.lookupEmpty', values: { info: '200' } };
  return problem.message ? { id: 'devices.bind.refused', values: { info: problem.message } } : null;
}

export function selectBindingView(snapshot: SnapshotFrom<typeof bindingMachine>): BindingViewModel {
  const { orderNumber, fieldError, problem } = snapshot.context;
  return {
    orderNumber,
    fieldError,
    serverMessage: problemMessageRef(problem),
    busy: snapshot.hasTag('busy'),
    bound: snapshot.matches('bound'),
  };
}
