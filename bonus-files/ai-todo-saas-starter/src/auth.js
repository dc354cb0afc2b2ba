import crypto from "node:crypto";

/** Passwords are stored as scrypt hashes with a random salt, never as plain text. */
export function hashPassword(password) {
  const salt = crypto.randomBytes(16).toString("hex");
  const hash = crypto.scryptSync(password, salt, 64).toString("hex");
  return salt + ":" + hash;
}

export function verifyPassword(password, stored) {
  const [salt, hash] = stored.split(":");
  const candidate = crypto.scryptSync(password, salt, 64);
  const expected = Buffer.from(hash, "hex");
  // Constant-time comparison, so response times do not leak how close a guess was.
  return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
}

export function newToken() {
  return crypto.randomBytes(24).toString("hex");
}
