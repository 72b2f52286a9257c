import type { SnapshotFrom } from 'xstate';
import { NOT_FOUND_INFO, type bindingMachine } from '../../domain/devices/binding.machine';
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

/** The server's info as a message: "not found" and the lookup's bare 200 are known; anything else is shown as it came. */
export function serverMessageRef(info: string): MessageRef | null {
  if (!info) return null;
  if (info === NOT_FOUND_INFO) return { id: 'devices.bind.notFound' };
  if (info === '200') return { id: 'devices.bind.lookupEmpty', values: { info } };
  return { id: 'devices.bind.refused', values: { info } };
}

export function selectBindingView(snapshot: SnapshotFrom<typeof bindingMachine>): BindingViewModel {
  const { orderNumber, fieldError, serverMessage } = snapshot.context;
  return {
    orderNumber,
    fieldError,
    serverMessage: serverMessageRef(serverMessage),
    busy: snapshot.hasTag('busy'),
    bound: snapshot.matches('bound'),
  };
}
