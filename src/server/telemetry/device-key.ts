import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Machine credentials (ADR 0005): a machine logs in to the broker as `machine:<OrderNumber>` with
 * HMAC-SHA256(device key, OrderNumber) as its password. The factory provisions each machine with
 * its password; the portal checks it without a database lookup, so 10,000 machines can reconnect
 * at once without 10,000 queries.
 */
export const MACHINE_USER_PREFIX = 'machine:';

export const machinePassword = (deviceKey: string, orderNumber: string) =>
  createHmac('sha256', deviceKey).update(orderNumber).digest('hex');

export function isMachinePassword(deviceKey: string, orderNumber: string, password: string): boolean {
  const expected = Buffer.from(machinePassword(deviceKey, orderNumber));
  const given = Buffer.from(password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The QR labels' signing key (machine-label.service.ts): a key of its own, derived from the device key; the NUL in what it signs is in no order number, so the key is no machine's broker password. */
export const labelKeyOf = (deviceKey: string) => createHmac('sha256', deviceKey).update('machine-label\0key').digest('hex');

/** `DEVICE_KEY` when set; otherwise a key generated once into the data folder (readable by its owner only). */
export function loadDeviceKey(dataDir: string, configured: string | null): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'device-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
