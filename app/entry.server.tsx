import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { checkoutOriginFromApiBase, contentSecurityPolicy } from "~/infra/csp.server";
import { closeDatabase, db, migrateToLatest } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { NonceContext } from "~/hooks/use-nonce";
import { seed } from "~/services/seed.server";
import { startMailer, stopMailer } from "./services/mail.server";
import { startMaintenance, stopMaintenance } from "~/services/maintenance.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Called by server/index.ts before it listens: validates the configuration (a bad value stops the
 * server with a message that names it), migrates the database, seeds a fresh install, prunes
 * expired rows (and keeps doing so) and starts the mail sender.
 */
export async function startup() {
  env();
  await migrateToLatest();
  await seed();
  await startMaintenance();
  startMailer();
}

/** Migrations only, for the deploy's release step (`node build/server.js --migrate`). */
export async function migrate() {
  env();
  await migrateToLatest();
}

export async function shutdown() {
  stopMaintenance();
  await stopMailer();
  await closeDatabase();
}

/**
 * The app's one database handle. The integration tests write their fixtures through it:
 * an embedded PGlite folder may be opened by a single instance only.
 */
export const database = db;

/**
 * Renders the whole document before sending it: a page is then compressed once instead of
 * chunk by chunk (see PERFORMANCE.md), and nothing here is deferred, so nothing is lost.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy(nonce, {
                development: process.env.NODE_ENV === "development",
                connectSources: trackerOrigins(),
                checkoutOrigin: checkoutOriginFromApiBase(env().STRIPE_API_BASE),
              }),
            );
            if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
            resolve(
              new Response(Buffer.concat(chunks), {
                status: failed ? 500 : responseStatusCode,
                headers: responseHeaders,
              }),
            );
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Data requests (client-side navigations and fetchers) get the same default as documents: a
 * response whose routes said nothing about caching carries the visitor's data, so no shared
 * cache may keep it. Routes that may be shared (public pages) set their own policy.
 */
export function handleDataRequest(response: Response) {
  if (response.headers.has("Cache-Control")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The tracker's origin, allowed to receive its reports; the script itself loads only with consent. */
function trackerOrigins(): string[] {
  const tracker = env().TRACKER_SCRIPT_URL;
  return tracker ? [new URL(tracker).origin] : [];
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
