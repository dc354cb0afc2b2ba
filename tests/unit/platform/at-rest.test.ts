import { describe, expect, it } from "vitest";
import {
  keyRecoveryCodeHash,
  openTotpSecret,
  plainRecoveryCodeHash,
  recoveryCodeHash,
  recoveryCodeLookups,
  sealTotpSecret,
  storedKeyId,
  UnreadableSecret,
} from "~/platform/at-rest.server";
import { dataKey } from "~/platform/keys.server";
import * as spec from "../../support/keys";

/** Decision 045's stored formats: what the app writes, what it opens, and what it refuses. */
const OLD = "2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe";
const NEW = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
const oldKey = dataKey(Buffer.from(OLD, "hex"));
const newKey = dataKey(Buffer.from(NEW, "hex"));
const USER = "6f1c2a34-5b6d-4e7f-8091-a2b3c4d5e6f7";
const OTHER_USER = "0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("keys", () => {
  it("derive one key per purpose; the key id names the key and reveals none of it", () => {
    expect(oldKey.id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(oldKey.id).not.toBe(newKey.id);
    expect(oldKey.totpSecret.equals(oldKey.recoveryCode)).toBe(false);
    expect(oldKey.totpSecret.equals(Buffer.from(OLD, "hex"))).toBe(false);
    expect(oldKey.id).toBe(spec.keyId(OLD));
  });
});

describe("TOTP secrets", () => {
  it("are sealed as v1:<key id>:<iv>:<ciphertext>, with a fresh IV each time, and open for their user", () => {
    const sealed = sealTotpSecret(SECRET, USER, newKey);
    expect(sealed).toMatch(new RegExp(`^v1:${newKey.id}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain(SECRET);
    expect(sealTotpSecret(SECRET, USER, newKey)).not.toBe(sealed);
    expect(storedKeyId(sealed)).toBe(newKey.id);
    expect(openTotpSecret(sealed, USER, [newKey])).toBe(SECRET);
    // The same format as the tests' own implementation of the decision, both ways.
    expect(spec.openTotpSecret(sealed, USER, NEW)).toBe(SECRET);
    expect(openTotpSecret(spec.sealTotpSecret(SECRET, USER, NEW), USER, [newKey])).toBe(SECRET);
  });

  it("open under any listed key, so a rotated list (new, old) still reads what the old key sealed", () => {
    const sealedUnderOld = sealTotpSecret(SECRET, USER, oldKey);
    expect(openTotpSecret(sealedUnderOld, USER, [newKey, oldKey])).toBe(SECRET);
    expect(() => openTotpSecret(sealedUnderOld, USER, [newKey])).toThrow(UnreadableSecret);
  });

  it("refuse another user's row, a changed byte and a changed key id", () => {
    const sealed = sealTotpSecret(SECRET, USER, newKey);
    expect(() => openTotpSecret(sealed, OTHER_USER, [newKey])).toThrow(/does not open for this user/);
    const [version, id, iv, body = ""] = sealed.split(":");
    const bytes = Buffer.from(body, "base64url");
    bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
    expect(() => openTotpSecret([version, id, iv, bytes.toString("base64url")].join(":"), USER, [newKey])).toThrow(
      UnreadableSecret,
    );
    expect(() => openTotpSecret([version, oldKey.id, iv, body].join(":"), USER, [newKey, oldKey])).toThrow(
      UnreadableSecret,
    );
    expect(() => openTotpSecret(`v1:${newKey.id}:`, USER, [newKey])).toThrow(UnreadableSecret);
  });

  it("read a value stored before decision 045 as the plain secret", () => {
    expect(storedKeyId(SECRET)).toBeNull();
    expect(openTotpSecret(SECRET, USER, [newKey])).toBe(SECRET);
  });
});

describe("recovery codes", () => {
  const code = "abcde-fghjk";
  it("are keyed per key and per user, from the code's SHA-256 (so start-up can key the old hashes)", () => {
    const hash = recoveryCodeHash(USER, code, newKey);
    expect(hash).toMatch(new RegExp(`^v1:${newKey.id}:[A-Za-z0-9_-]{43}$`));
    expect(hash).toBe(spec.keyedRecoveryCode(USER, code, NEW));
    expect(hash).toBe(keyRecoveryCodeHash(USER, plainRecoveryCodeHash(code), newKey));
    expect(hash).not.toContain(plainRecoveryCodeHash(code));
    expect(recoveryCodeHash(OTHER_USER, code, newKey)).not.toBe(hash);
    expect(recoveryCodeHash(USER, code, oldKey)).not.toBe(hash);
  });
  it("are looked up under every listed key, and as the plain SHA-256 an older instance may still write", () => {
    expect(recoveryCodeLookups(USER, code, [newKey, oldKey])).toEqual([
      recoveryCodeHash(USER, code, newKey),
      recoveryCodeHash(USER, code, oldKey),
      plainRecoveryCodeHash(code),
    ]);
  });
});
