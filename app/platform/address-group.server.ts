import { isIPv6 } from "node:net";

/**
 * The subject of a per-address rate limit. One IPv6 customer usually holds a whole /64 (and can
 * pick any address in it), so IPv6 addresses are counted by their /64; IPv4 addresses (and
 * IPv4-mapped IPv6 ones) by themselves.
 */
export function addressGroup(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const [, mapped] = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain) ?? [];
  if (mapped) return mapped;
  if (!isIPv6(plain)) return plain;
  return `${expandIPv6(plain).slice(0, 4).join(":")}::/64`;
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
