import crypto from "node:crypto";

/**
 * The secrets the test servers run with, and the key scheme of decision 045 written out here,
 * independent of the app's modules, so tests can check what the app stores and sign what it
 * would sign: one key per purpose, HKDF-SHA-256 (empty salt, info `ai-profit-labs:<purpose>`) of
 * SESSION_SECRET (cookies, the consent address hash) or of ENCRYPTION_KEY (two-factor data).
 */
export const TEST_SESSION_SECRET = "integration-test-session-secret-0123456789";
export const TEST_ENCRYPTION_KEY = "6d1f0c5a3b2e4d7f8a9b0c1d2e3f40516273849506a7b8c9d0e1f2031425364a";

const derive = (root: crypto.BinaryLike, purpose: string) =>
  Buffer.from(crypto.hkdfSync("sha256", root, Buffer.alloc(0), `ai-profit-labs:${purpose}`, 32));
const rootKey = (hexKey: string) => Buffer.from(hexKey, "hex");

/** The secret a cookie is signed with (Remix's createCookie takes it as a string). */
export const cookieSigningSecret = (sessionSecret: string, cookieName: string) =>
  derive(sessionSecret, `cookie:${cookieName}`).toString("base64url");

/** The key of the consent proof's address hash. */
export const consentAddressKey = (sessionSecret: string) => derive(sessionSecret, "consent-address");

/** The id stored with every value made under an ENCRYPTION_KEY entry: it names the key, not reveals it. */
export const keyId = (hexKey: string) => derive(rootKey(hexKey), "key-id").subarray(0, 6).toString("base64url");

/** A TOTP secret as the app stores it: `v1:<key id>:<iv>:<ciphertext+tag>`, AES-256-GCM, the user id as associated data. */
export function sealTotpSecret(secret: string, userId: string, hexKey = TEST_ENCRYPTION_KEY): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derive(rootKey(hexKey), "totp-secret"), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return ["v1", keyId(hexKey), iv.toString("base64url"), sealed.toString("base64url")].join(":");
}

/** The plain TOTP secret of a stored value; throws when the key or the user is not the one it was sealed for. */
export function openTotpSecret(stored: string, userId: string, hexKey = TEST_ENCRYPTION_KEY): string {
  const [version, id, iv = "", sealed = ""] = stored.split(":");
  if (version !== "v1" || id !== keyId(hexKey)) throw new Error(`not sealed under this key: ${stored}`);
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = crypto.createDecipheriv(
    "aes-256-gcm",
    derive(rootKey(hexKey), "totp-secret"),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAAD(Buffer.from(userId, "utf8"));
  decipher.setAuthTag(bytes.subarray(-16));
  return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString("utf8");
}

/** What migration 0008 stored for a recovery code, and what start-up keys it into. */
export const plainSha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/** A recovery code as the app stores it: `v1:<key id>:` HMAC-SHA-256 of `<user id>:<SHA-256 of the code>`. */
export function keyedRecoveryCode(userId: string, code: string, hexKey = TEST_ENCRYPTION_KEY): string {
  const mac = crypto
    .createHmac("sha256", derive(rootKey(hexKey), "recovery-code"))
    .update(`${userId}:${plainSha256(code)}`)
    .digest("base64url");
  return `v1:${keyId(hexKey)}:${mac}`;
}
