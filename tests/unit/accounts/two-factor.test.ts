import { describe, expect, it } from "vitest";
import { formatDayTime } from "~/platform/dates";
import {
  base32Encode,
  groupForReading,
  readTypedCode,
  recoveryCodeFromBytes,
  recoveryCodesFile,
  timeStep,
} from "~/features/accounts/two-factor-rules";
import { describeDevice } from "~/platform/user-agent";

describe("two-factor rules", () => {
  it("encodes secrets as RFC 4648 base32 and groups them in fours", () => {
    expect(base32Encode(new TextEncoder().encode("Hello!"))).toBe("JBSWY3DPEE");
    expect(base32Encode(new Uint8Array([0xff]))).toBe("74");
    expect(groupForReading("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupForReading("ABCDEF")).toBe("ABCD EF");
  });

  it("reads six digits (spaces allowed) as an app code, ten letters as a recovery code, anything else as nothing", () => {
    expect(readTypedCode("123 456")).toEqual({ kind: "totp", code: "123456" });
    expect(readTypedCode(" ABCDE-FGHJK ")).toEqual({ kind: "recovery", code: "abcde-fghjk" });
    expect(readTypedCode("abcdefghjk")).toEqual({ kind: "recovery", code: "abcde-fghjk" });
    for (const bad of ["12345", "1234567", "abcde-fghjl", "abcde-fghj0", "", null, 123456, "x".repeat(50)]) {
      expect(readTypedCode(bad)).toBeNull();
    }
  });

  it("makes recovery codes only from bytes that keep every character equally likely", () => {
    expect(recoveryCodeFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe("abcde-fghjk");
    expect(recoveryCodeFromBytes(new Uint8Array([255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe("abcde-fghjk");
    expect(recoveryCodeFromBytes(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it("counts 30-second steps and writes the download file", () => {
    expect(timeStep(59_999)).toBe(1);
    expect(timeStep(60_000, -1)).toBe(1);
    expect(recoveryCodesFile({ brand: "B", email: "a@b.c", codes: ["abcde-fghjk"] })).toContain(
      "B recovery codes for a@b.c",
    );
  });
});

describe("readable devices and dates", () => {
  it("names the browser and system", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    expect(describeDevice(iphone)).toBe("Safari on iOS");
    expect(describeDevice(null)).toBe("Unknown device");
  });

  it("formats times in UTC, the same everywhere", () => {
    expect(formatDayTime("2026-11-23T15:04:00Z")).toBe("23 Nov 2026, 15:04 UTC");
  });
});
