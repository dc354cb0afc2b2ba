/**
 * The pure rules of two-factor sign-in: TOTP settings (RFC 6238 as authenticator apps expect
 * them), how secrets and recovery codes are written for people, and how a typed code is read.
 */
export const TOTP = { algorithm: "SHA-1", digits: 6, period: 30, window: 1 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes that end a half-signed-in login. */
export const CHALLENGE_MAX_FAILURES = 5;
export const CHALLENGE_MINUTES = 10;

export const WRONG_CODE = "That code is not valid. Check your authentication app and try again.";
export const CHALLENGE_ENDED = "Your sign-in has expired. Please sign in again.";
export const TOO_MANY_WRONG_CODES = "Too many wrong codes. Please sign in again.";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, the alphabet authenticator apps read. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** "JBSW Y3DP EHPK 3PXP": groups of four, for typing a secret by hand. */
export function groupForReading(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

/** The time step a code of `delta` steps from now belongs to. */
export function timeStep(nowMs: number, delta = 0): number {
  return Math.floor(nowMs / 1000 / TOTP.period) + delta;
}

// Recovery codes: ten characters from an alphabet without look-alikes (no 0/o, 1/l/i), about 50 bits.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A recovery code, written "abcde-fghjk", from random bytes; null when they hold fewer than ten
 * usable ones (bytes past the last whole multiple of the alphabet are skipped, so no character is
 * likelier than another).
 */
export function recoveryCodeFromBytes(bytes: Uint8Array): string | null {
  const usable = 256 - (256 % RECOVERY_ALPHABET.length);
  const chars = Array.from(
    bytes.filter((byte) => byte < usable).slice(0, 10),
    (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
  );
  if (chars.length < 10) return null;
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

export type TypedCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/**
 * What someone typed: six digits (spaces allowed, as apps show "123 456") are an app code; ten
 * letters and digits (a dash or spaces allowed, any case) are a recovery code. Anything else is null.
 */
export function readTypedCode(input: unknown): TypedCode | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const compact = input.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: "recovery", code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  }
  return null;
}

/** The .txt file a member downloads with their recovery codes. */
export function recoveryCodesFile(input: { brand: string; email: string; codes: string[] }): string {
  return [
    `${input.brand} recovery codes for ${input.email}`,
    "",
    "Each code signs you in once if you cannot use your authentication app.",
    "Keep them somewhere safe, like a password manager.",
    "",
    ...input.codes,
    "",
  ].join("\n");
}
