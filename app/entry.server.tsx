import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { SERVICE_UNAVAILABLE_RETRY_SECONDS, ServiceUnavailablePage } from "~/platform/ui/service-unavailable-page";
import { checkoutOriginFromApiBase, contentSecurityPolicy, inlineScriptHashes } from "~/platform/csp.server";
import { isDatabaseUnavailable } from "~/platform/db/database-errors";
import { closeDatabase, db, migrateToLatest, withStartupLock } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { NonceContext } from "~/platform/hooks/use-nonce";
import { recordLegalDates, seed } from "~/features/site/index.server";
import { runAdminCommand, type AdminCommandIo } from "~/features/members/index.server";
import {
  hasAdminSession as adminSession,
  sealTwoFactorSecrets,
  unlistedKeyProblem,
} from "~/features/accounts/index.server";
import { startMailer, stopMailer } from "~/platform/mail/sender.server";
import { writeListEmail } from "~/features/list/index.server";
import { registerDatabaseMetrics } from "~/platform/metrics.server";
import { startMaintenance, stopMaintenance } from "~/features/privacy/index.server";
import {
  loadLaunchSettings,
  startLaunchSettingsRefresh,
  stopLaunchSettingsRefresh,
} from "~/features/launch/index.server";
import { startCatalogueRefresh, stopCatalogueRefresh } from "~/features/catalogue/index.server";
import { startCommunityRefresh, stopCommunityRefresh } from "~/features/community/index.server";
import stylesheet from "./styles/app.css";
import { log } from "~/platform/log.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Called by server/index.ts before it listens: validates the configuration (a bad value stops the
 * server with a message that names it), migrates the database, seeds a fresh install and
 * encrypts two-factor secrets stored in the clear or under an older key (under an advisory lock,
 * so instances starting together do it once; a secret under a key no longer configured stops
 * the server, decision 045), prunes expired rows (and keeps doing so) and starts the mail sender.
 */
export async function startup() {
  env();
  await withStartupLock(async (migrationDatabase) => {
    await migrateToLatest(migrationDatabase);
    await seed();
    const problem = unlistedKeyProblem(await sealTwoFactorSecrets());
    if (problem) throw new Error(problem);
  });
  await loadLaunchSettings();
  startLaunchSettingsRefresh();
  await startMaintenance();
  await startCatalogueRefresh();
  await startCommunityRefresh();
  await recordLegalDates();
  registerDatabaseMetrics();
  startMailer({ writeListEmail });
}

/** Migrations only, for the deploy's release step (`node build/server.js --migrate`). */
export async function migrate() {
  env();
  await withStartupLock(migrateToLatest);
}

/**
 * The admin command in the built app (`node build/server.js --admin <command>`, the same as
 * `npm run admin`; docs/decisions/044): no migration, no seed, only the command. Returns its exit code.
 */
export async function admin(args: string[], io?: AdminCommandIo): Promise<number> {
  env();
  return runAdminCommand(args, io);
}

export async function shutdown() {
  try {
    stopLaunchSettingsRefresh();
    stopMaintenance();
    stopCatalogueRefresh();
    stopCommunityRefresh();
    await stopMailer();
  } finally {
    // The handle lives on globalThis (db.server.ts): whatever failed above, it must not outlive the
    // app, or the next instance in this process (a restart, the next test file) would reuse it.
    await closeDatabase();
  }
}

/**
 * For the HTTP layer's body limits (server/body-limits.ts): does this Cookie header carry a session
 * allowed into the Admin Panel? Only then may a body to /admin be as large as the editor's limit.
 * A request without a session cookie costs no query.
 */
export function hasAdminSession(cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader) return Promise.resolve(false);
  return adminSession(new Request("http://localhost/admin", { headers: { Cookie: cookieHeader } }));
}

/**
 * The app's one database handle. The integration tests write their fixtures through it:
 * an embedded PGlite folder may be opened by a single instance only.
 */
export const database = db;

/**
 * The least a destination of React's pipe() must be (write, end, on): the rendered chunks are
 * collected and handed over whole when React ends. A PassThrough stream did the same with a
 * readable side nobody needed, and cost a few per cent of a member page's CPU (issue 12).
 */
function collectChunks(done: (html: Buffer<ArrayBuffer>) => void) {
  const chunks: Uint8Array[] = [];
  let ended = false;
  const sink = {
    write(chunk: Uint8Array | string) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      if (ended) return sink;
      ended = true;
      // Buffer.concat always allocates a fresh ArrayBuffer.
      done(Buffer.concat(chunks) as Buffer<ArrayBuffer>);
      return sink;
    },
    // React listens for drain, error and close; a sink that never fills, fails or closes emits none.
    on() {
      return sink;
    },
  };
  return sink as unknown as NodeJS.WritableStream;
}

/**
 * Renders the whole document before sending it: a page is then compressed once instead of
 * chunk by chunk (see docs/decisions/004-whole-document-rendering-compressed-once.md), and nothing here is deferred, so nothing is lost.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.databaseUnavailable && responseStatusCode >= 500) return serviceUnavailable();
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce || undefined} />
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          pipe(
            collectChunks((html) => {
              clearTimeout(abortTimer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // No nonce in the load context: the page cache's render, shared by many visitors, so
              // the policy lists its inline scripts' hashes instead of a nonce it would replay.
              responseHeaders.set(
                "Content-Security-Policy",
                contentSecurityPolicy(nonce ? { nonce } : { hashes: inlineScriptHashes(html.toString("utf8")) }, {
                  development: process.env.NODE_ENV === "development",
                  connectSources: trackerOrigins(),
                  checkoutOrigin: checkoutOriginFromApiBase(env().STRIPE_API_BASE),
                }),
              );
              if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
              resolve(
                new Response(html, {
                  status: failed ? 500 : responseStatusCode,
                  headers: responseHeaders,
                }),
              );
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          log.error({ err: error }, "rendering the page failed");
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Data requests (client-side navigations and fetchers) get the same default as documents: a
 * response whose routes said nothing about caching carries the visitor's data, so no shared
 * cache may keep it. Routes that may be shared (public pages) set their own policy.
 */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  const outage = Boolean(context.databaseUnavailable) && response.status >= 500;
  if (response.headers.has("Cache-Control") && !outage) return response;
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (outage) headers.set("Retry-After", String(SERVICE_UNAVAILABLE_RETRY_SECONDS));
  return new Response(response.body, { status: outage ? 503 : response.status, headers });
}

/**
 * The database is out of reach (stopped, restarting, hung past the timeouts): a short static
 * page with 503 and Retry-After, so visitors, crawlers and uptime checks all know to come back.
 */
function serviceUnavailable(): Response {
  const html = renderToStaticMarkup(<ServiceUnavailablePage stylesheet={stylesheet} brand={env().BRAND_NAME} />);
  return new Response(`<!DOCTYPE html>${html}`, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(SERVICE_UNAVAILABLE_RETRY_SECONDS),
      "Content-Security-Policy":
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}

/** The tracker's origin, allowed to receive its reports; the script itself loads only with consent. */
function trackerOrigins(): string[] {
  const tracker = env().TRACKER_SCRIPT_URL;
  return tracker ? [new URL(tracker).origin] : [];
}

/**
 * Every error a loader or action throws passes here first (with the request's load context).
 * An outage is noted on the context, so the response becomes the 503 page instead of a 500.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    context.databaseUnavailable = true;
    log.error({ reason: error instanceof Error ? error.message : String(error) }, "database unavailable");
    return;
  }
  log.error({ err: error }, "a loader or action failed");
}
