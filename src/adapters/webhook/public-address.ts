import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The addresses a customer's webhook may not reach (SSRF): this machine, the private networks,
 * link-local (cloud metadata at 169.254.169.254) and the other special ranges. A webhook's host is
 * checked when it is added (a literal address) and again when each message goes (what the name
 * resolves to then), unless the portal allows private receivers (WEBHOOK_ALLOW_PRIVATE: a
 * development portal, the tests' local receivers).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a URL's host is by its very name private (localhost, a private literal address). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** Whether every address the host resolves to now may be reached. */
export async function resolvesPublic(hostname: string): Promise<boolean> {
  if (isPrivateHost(hostname)) return false;
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return true;
  const addresses = await lookup(host, { all: true, verbatim: true });
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
}
