/**
 * True when an address is this machine's loopback: IPv4 127.0.0.0/8, IPv6 `::1`, and 127/8 as
 * an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, how a dual-stack socket reports an IPv4
 * caller). Only a literal address counts: a host name never does. The server trusts such a caller
 * with the outbox page and, without a hook secret, the broker hooks.
 */
export function isLoopback(ip: string): boolean {
  const address = ip.trim().toLowerCase();
  if (address === '::1' || address === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  const octets = ipv4.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}
