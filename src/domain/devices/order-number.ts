/**
 * The order number of ADR 0005: 1 to 64 characters of `A-Z a-z 0-9 _ -`, starting with a letter
 * or digit. It is also the machine's MQTT topic, so it can never hold `/ + #`.
 */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const ORDER_NUMBER_MAX_LENGTH = 64;

/** The rule messages of the bind dialog; `devices.messages.ts` translates each one. */
export type OrderNumberError = 'devices.bind.error.required' | 'devices.bind.error.format';

/** True for a well-formed order number (no trimming: callers trim what a person typed). */
export function isOrderNumber(value: unknown): value is string {
  return typeof value === 'string' && ORDER_NUMBER_PATTERN.test(value);
}

/** What is wrong with a typed order number, or null: empty first ("The order number cannot be empty!"), then the format. */
export function validateOrderNumber(typed: string): OrderNumberError | null {
  const value = typed.trim();
  if (value === '') return 'devices.bind.error.required';
  return isOrderNumber(value) ? null : 'devices.bind.error.format';
}
