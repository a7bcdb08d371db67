// OEM feed URLs must not reach the portal's own network: a feed (or a `next` link in its pages)
// that resolves to a loopback, link-local or private address is refused, unless a setting allows
// it for an on-premises feed. This keeps feed configuration from being a way into the server's LAN.
import { lookup } from 'node:dns/promises';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an address in a loopback, link-local, private, shared or reserved range. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/** Why a URL is private without asking DNS (an address or a local name), or null. */
export function literalPrivateReason(url: string): string | null {
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost'))
    return `${host} is this machine, not an OEM's server`;
  if (isPrivateAddress(host)) return `${host} is a loopback, link-local or private address`;
  return null;
}

/** Why a URL's host resolves to a private address, or null. */
export async function resolvedPrivateReason(
  url: string,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((entry) => entry.address),
): Promise<string | null> {
  const literal = literalPrivateReason(url);
  if (literal) return literal;
  const host = hostOf(url);
  if (net.isIP(host)) return null;
  const addresses = await resolve(host);
  const inside = addresses.find(isPrivateAddress);
  return inside ? `${host} resolves to ${inside}, a loopback, link-local or private address` : null;
}
