import crypto from "node:crypto";
import os from "node:os";
import { hash, verify } from "@node-rs/bcrypt";
import pLimit from "p-limit";
import { env } from "./env.server";

/** The threads of libuv's pool, where bcrypt, file reads and compression run: its default, which the app keeps. */
const LIBUV_POOL_THREADS = 4;

/**
 * How many bcrypt hashes run at once in this process: as many as the CPUs (docs/decisions/058).
 * A hash at the production cost of 12 is about 0.2 s of one CPU on libuv's thread pool (4
 * threads). Unbounded, a launch's signups and logins past what the CPUs can hash took all four
 * threads: every other kind of request waited behind them (file reads and compression share that
 * pool, and the event loop shares the CPUs), and Stripe's webhooks and the marketplace's IPNs timed
 * out. One fewer than the CPUs kept them fast but halved the hashing a 2-CPU machine can do, and
 * with it the logins one process takes. And never the whole pool: one thread stays free for file
 * reads and compression. Beyond this many, hashes wait their turn first come, first served, so no
 * login starves.
 */
export const BCRYPT_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism(), LIBUV_POOL_THREADS - 1));
const bcrypt = pLimit(BCRYPT_CONCURRENCY);

/** Hashes running and waiting their turn now (the `app_bcrypt` gauges of /metrics: a launch's logins queue here). */
export function bcryptQueue(): { running: number; waiting: number } {
  return { running: bcrypt.activeCount, waiting: bcrypt.pendingCount };
}

/** A password for the operator to copy once: 16 characters of 96 random bits. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString("base64url");
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt(() => hash(password, { cost: env().BCRYPT_COST }));
}

// A valid hash of a random string: verifying against it when the email is unknown costs the
// same time as a real check, so response timing does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, passwordHash: string | null): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    const decoy = await decoyHash;
    await bcrypt(() => verify(password, decoy));
    return false;
  }
  return bcrypt(() => verify(password, passwordHash));
}
