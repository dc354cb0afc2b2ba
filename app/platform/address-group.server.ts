import { isIPv6 } from "node:net";

/**
 * The subject of a per-address rate limit. One IPv6 customer usually holds a whole /64 (and can
 * pick any address in it), so IPv6 addresses are counted by their /64; IPv4 addresses (and
 * IPv4-mapped IPv6 ones) by themselves.
 */
export function addressGroup(address: string): string {
  const plain = plainAddress(address);
  const [, mapped] = IPV4_MAPPED.exec(plain) ?? [];
  if (mapped) return mapped;
  if (!isIPv6(plain)) return plain;
  return `${expandIPv6(plain).slice(0, 4).join(":")}::/64`;
}

/**
 * The network an address belongs to, coarser than its group: an IPv4 /24 and an IPv6 /48 (what
 * one site or customer is usually given). Whoever can pick addresses within their own network
 * counts once (the mails past an address's budget, rate-limit.server `mailBudgetAllows`).
 */
export function networkGroup(address: string): string {
  const plain = plainAddress(address);
  const ipv4 = IPV4_MAPPED.exec(plain)?.[1] ?? (isIPv6(plain) ? null : plain);
  if (ipv4 !== null) {
    const octets = ipv4.split(".");
    return octets.length === 4 ? `${octets.slice(0, 3).join(".")}.0/24` : ipv4;
  }
  return `${expandIPv6(plain).slice(0, 3).join(":")}::/48`;
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/;

function plainAddress(address: string) {
  return address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const toGroups = (part: string | undefined) => (part ? part.split(":") : []);
  let left = toGroups(head);
  let right = toGroups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 style, or 64:ff9b::1.2.3.4) is two groups.
  const withIPv4 = (groups: string[]) =>
    groups.flatMap((group) => {
      const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(group);
      if (!v4) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = v4.slice(1).map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  left = withIPv4(left);
  right = withIPv4(right);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill("0"), ...right].map((group) => parseInt(group || "0", 16).toString(16));
}
