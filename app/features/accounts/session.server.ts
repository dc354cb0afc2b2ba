import { createCookie, redirect } from "@remix-run/node";
import { db } from "~/platform/db/db.server";
import { env, secureCookies } from "~/platform/env.server";
import { cookieSecrets } from "~/platform/keys.server";
import { newSignInEmail } from "./emails";
import { describeDevice } from "~/platform/user-agent";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import {
  createSession,
  deleteSession,
  findSessionUser,
  hashSessionId,
  recordKnownDevice,
  SESSION_LIFETIME_MS,
  type Aal,
  type SessionUser,
} from "./session-store.server";
import { findUserById } from "./users.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { readCookies, SESSION_COOKIE } from "~/platform/cookies";

/**
 * The session cookie holds only a random session id, signed; the session itself lives in
 * Postgres so it can be revoked (logout ends every device).
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: cookieSecrets(SESSION_COOKIE),
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  return cookie;
}

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (readCookies(header)[SESSION_COOKIE] === undefined) return null;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Lookups in flight, by the Cookie header they read. Remix hands each loader of a page its own
 * copy of the Request (it strips its own query parameters per loader), so a memo keyed on the
 * Request object would query once per loader: root + layout + route = three lookups. The loaders
 * of a page start together, so sharing the lookup while it runs gives the page ONE query; it is
 * dropped as soon as it settles, so a later request (or the loaders after an action) reads afresh.
 */
const inFlight = new Map<string, Promise<SessionUser | null>>();

/** The signed-in user, or null. Visitors without a session cookie cost no query at all. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  const header = request.headers.get("Cookie");
  if (!header || readCookies(header)[SESSION_COOKIE] === undefined) return Promise.resolve(null);
  let lookup = inFlight.get(header);
  if (!lookup) {
    lookup = readSessionId(request)
      .then((id) => (id ? findSessionUser(id) : null))
      .finally(() => inFlight.delete(header));
    inFlight.set(header, lookup);
  }
  return lookup;
}

/** The stored hash of this browser's session id (to mark "This device"), or null. */
export async function currentSessionIdHash(request: Request): Promise<string | null> {
  const id = await readSessionId(request);
  return id ? hashSessionId(id) : null;
}

/**
 * Signs the browser in with a NEW session id (never one it brought along), and ends the session
 * that was on its cookie before, so a fixated or shared id is worthless after sign-in. `aal2`
 * when a second factor was verified for this sign-in; `passwordVerifiedAt` when the password was
 * typed for it (re-authentication counts from then: decision 047). The device is recorded in the same
 * transaction; one the account never used before gets a notice to the account's address.
 */
export async function startSession(
  request: Request,
  userId: string,
  redirectTo: string,
  init: { headers?: Headers; aal?: Aal; passwordVerifiedAt?: Date | null } = {},
) {
  const previous = await readSessionId(request);
  if (previous) await deleteSession(previous);
  const userAgent = request.headers.get("User-Agent");
  const device = describeDevice(userAgent);
  const { session, notified } = await db()
    .transaction()
    .execute(async (trx) => {
      const session = await createSession(userId, userAgent, init.aal ?? "aal1", trx, init.passwordVerifiedAt ?? null);
      const { isNew } = await recordKnownDevice(trx, userId, device);
      if (!isNew) return { session, notified: false };
      const user = await findUserById(userId, trx);
      if (!user) return { session, notified: false };
      const { BRAND_NAME: brand, SUPPORT_EMAIL: support } = env();
      await enqueueEmail(trx, {
        to: user.email,
        ...newSignInEmail({ brand, support, name: user.name, device, when: new Date() }),
      });
      return { session, notified: true };
    });
  if (notified) kickMailer();
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await sessionCookie().serialize(session.id, { expires: session.expiresAt }));
  return redirect(redirectTo, { status: 303, headers });
}

export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
