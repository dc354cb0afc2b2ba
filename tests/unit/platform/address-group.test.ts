import { describe, expect, it } from "vitest";
import { addressGroup, networkGroup } from "~/platform/address-group.server";

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

describe("networkGroup", () => {
  it("counts an IPv4 /24 as one (IPv4-mapped IPv6 too)", () => {
    expect(networkGroup("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkGroup("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
    expect(networkGroup("203.0.114.7")).not.toBe(networkGroup("203.0.113.7"));
  });
  it("counts every address of one IPv6 /48 as one", () => {
    const network = networkGroup("2001:db8:1:2::1");
    expect(network).toBe("2001:db8:1::/48");
    expect(networkGroup("[2001:0DB8:0001:ffff:a:b:c:d]")).toBe(network);
    expect(networkGroup("2001:db8:2::1")).not.toBe(network);
    expect(networkGroup("::1")).toBe("0:0:0::/48");
  });
  it("leaves what is no address as it is", () => {
    expect(networkGroup("unknown")).toBe("unknown");
  });
});
