import { describe, expect, it } from "vitest";
import { addressGroup } from "~/platform/address-group.server";

describe("addressGroup", () => {
  it("keeps IPv4 addresses (and IPv4-mapped IPv6 ones) whole", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts every address of one IPv6 /64 as one", () => {
    const group = addressGroup("2001:db8:1:2::1");
    expect(group).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(group);
    expect(addressGroup("[2001:DB8:1:2:a:b:c:d]")).toBe(group);
    expect(addressGroup("2001:db8:1:3::1")).not.toBe(group);
    expect(addressGroup("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });
});
