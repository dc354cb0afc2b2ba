import crypto from "node:crypto";
import { consentAddressKey, TEST_SESSION_SECRET } from "./keys";
import type { TestApp } from "./test-app";

const KEY = consentAddressKey(TEST_SESSION_SECRET); // the key of the consent proof's address hash

/**
 * The client address the app took from a request with these headers: a consent choice stores a
 * keyed hash of it, which is compared with the hashes of the candidates the headers name (and the
 * loopback socket).
 */
export async function addressSeen(app: TestApp, headers: Record<string, string>): Promise<string | null> {
  const userAgent = `address-probe-${crypto.randomBytes(6).toString("hex")}`;
  const response = await fetch(`${app.baseUrl}/consent`, {
    method: "POST",
    headers: {
      Origin: app.baseUrl,
      "User-Agent": userAgent,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({ choice: "essential", returnTo: "/" }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`consent answered ${response.status}`);
  const row = await app.db
    .selectFrom("cookie_consents")
    .select("client_hash")
    .where("user_agent", "=", userAgent)
    .executeTakeFirstOrThrow();
  const candidates = [
    ...Object.values(headers).flatMap((value) => value.split(",").map((part) => part.trim())),
    "127.0.0.1",
    "::ffff:127.0.0.1",
  ];
  return (
    candidates.find(
      (candidate) => crypto.createHmac("sha256", KEY).update(candidate).digest("hex") === row.client_hash,
    ) ?? null
  );
}
