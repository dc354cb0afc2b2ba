import crypto from "node:crypto";
import { hash, verify } from "@node-rs/bcrypt";
import { env } from "./env.server";

/** A password for the operator to copy once: 16 characters of 96 random bits. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString("base64url");
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { cost: env().BCRYPT_COST });
}

// A valid hash of a random string: verifying against it when the email is unknown costs the
// same time as a real check, so response timing does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, passwordHash: string | null): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(password, await decoyHash);
    return false;
  }
  return verify(password, passwordHash);
}
