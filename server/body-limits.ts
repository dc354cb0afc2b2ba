// Request bodies are limited and checked here, before the app sees them: a body over its limit is
// refused with 413 before it is buffered past the limit (and before `100 Continue` invites it), a
// body that trickles in slower than the floor gets 408, and a body the app could not read gets
// 400 with a short message instead of an error page. A refusal closes its connection gently
// (server/connections.ts, docs/decisions/049). The chapter-file upload alone is not buffered: it
// goes to the app as it arrives, which streams it into the file store (decision 068).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform, type Readable } from "node:stream";
import getRawBody from "raw-body";
import { lingerOnClose, watchBodyRate, type HttpLimits } from "./connections";
import { env } from "~/platform/env.server";
import { IMAGE_MAX_BYTES } from "~/features/files";
import { sendText } from "./respond";

const KiB = 1024;

/**
 * What a route accepts: the Stripe webhook reads its raw body; every other route reads a form,
 * buffered and checked here, except the chapter-file upload, a form `streamed` to the app unread.
 */
type BodyRule = { limitBytes: number; kind: "form" | "raw" | "streamed" };

export const BODY_RULES = {
  /** Ordinary forms: sign-in, signup, checkout, consent, leads... */
  form: { limitBytes: 64 * KiB, kind: "form" },
  /**
   * The admin editor saves a chapter's whole rich text (its images are uploads since issue 30, but
   * the no-JavaScript textarea may still post a pasted one, which the sanitiser drops). Only for a
   * request with an admin's session: anyone else's body to /admin gets the form limit.
   */
  adminEditor: { limitBytes: 1024 * KiB, kind: "form" },
  stripeWebhook: { limitBytes: 256 * KiB, kind: "raw" },
  marketplaceWebhook: { limitBytes: 256 * KiB, kind: "form" },
  memberImport: { limitBytes: 10 * 1024 * KiB, kind: "form" },
} as const satisfies Record<string, BodyRule>;

/**
 * 'Import members' (app/routes/admin_.members.import.tsx): a CSV of up to 8 MiB, uploaded and
 * posted back for confirmation as multipart, with room for the form around it. Admins only.
 */
export const MEMBER_IMPORT_PATH = "/admin/members/import";

/** Where an admin uploads a chapter's file (app/routes/admin_.attachments.tsx). */
export const ATTACHMENT_UPLOAD_PATH = "/admin/attachments";

/**
 * The chapter-file upload: the largest file allowed (ATTACHMENT_MAX_BYTES) plus the chapter form
 * posted with it (the editor's limit). Kept apart from /admin's own rule, so the big allowance
 * covers this one address only. Streamed: never held whole here (the app parses it as it comes).
 */
const attachmentUploadRule = (): BodyRule => ({
  limitBytes: env().ATTACHMENT_MAX_BYTES + BODY_RULES.adminEditor.limitBytes,
  kind: "streamed",
});

/** Where the chapter editor uploads an image (app/routes/admin_.images.ts, issue 30). */
export const IMAGE_UPLOAD_PATH = "/admin/images";

/** An image upload: the largest image allowed, plus room for the multipart framing and the course id. */
const imageUploadRule: BodyRule = { limitBytes: IMAGE_MAX_BYTES + 64 * KiB, kind: "form" };

/**
 * Whether a path's large limit is for admins only: anyone else's body there gets the form limit,
 * so a stranger cannot make the server take in megabytes before the route's guard refuses them.
 */
export function largeOnlyForAdmins(pathname: string): boolean {
  const route = pathname.replace(/\.data$/, "");
  return (
    route === "/admin" ||
    route === ATTACHMENT_UPLOAD_PATH ||
    route === IMAGE_UPLOAD_PATH ||
    route === MEMBER_IMPORT_PATH
  );
}

/** The rule for a path; single-fetch data requests (`/admin.data`) share their route's rule. */
export function bodyRuleFor(pathname: string): BodyRule {
  const route = pathname.replace(/\.data$/, "");
  if (route === ATTACHMENT_UPLOAD_PATH) return attachmentUploadRule();
  if (route === IMAGE_UPLOAD_PATH) return imageUploadRule;
  if (route === MEMBER_IMPORT_PATH) return BODY_RULES.memberImport;
  if (route === "/webhooks/stripe") return BODY_RULES.stripeWebhook;
  if (route.startsWith("/webhooks/")) return BODY_RULES.marketplaceWebhook;
  if (route === "/admin") return BODY_RULES.adminEditor;
  return BODY_RULES.form;
}

const describeLimit = (bytes: number) => (bytes >= 1024 * KiB ? `${bytes / (1024 * KiB)} MiB` : `${bytes / KiB} KiB`);
const tooLarge = (rule: BodyRule) => `Request body too large (the limit here is ${describeLimit(rule.limitBytes)}).`;

/** Form encodings a browser (or Remix's client) sends; anything else is not a form. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A request carries a body when it declares a length or a transfer encoding (RFC 9112, 6.3). */
const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;

/**
 * The body's bytes, or for a streamed rule the body as it arrives (held to the limit), or the
 * answer already sent instead (then the request goes no further).
 */
export type BodyOutcome = { body: Buffer | Readable | null } | { refused: true };

export type BodyReading = {
  limits: HttpLimits;
  /** Whether the request carries a session allowed into the Admin Panel (looked up only when it matters). */
  hasAdminSession: (req: IncomingMessage) => Promise<boolean>;
  /** The client asked for `100 Continue` (Expect), sent here only once the body is really going to be read. */
  expectsContinue: boolean;
};

/**
 * Holds every request body to the rate floor (HttpLimits.bodyMinBytesPerSecond, averaged after the
 * grace period), from its first byte to its last, whoever reads it (the body limits, the app as it
 * streams an upload, or Node dropping a body nobody wanted). A body's time limit so follows its
 * size. Too slow: 408 and closed, or, once an answer has begun, the connection cut.
 */
export function watchRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  own: readonly string[],
  limits: Pick<HttpLimits, "bodyMinBytesPerSecond" | "bodyGraceMs">,
) {
  if (!hasBody(req)) return;
  const stop = watchBodyRate(req.socket, limits, () => {
    // Not lingered over: a client this slow is not waiting for the answer. Node closes the
    // connection once the answer is written, which ends any reading of the body.
    if (!res.headersSent) sendText(res, 408, "Request body too slow.", own, { close: true });
    else res.destroy();
  });
  req.once("end", stop);
  req.once("close", stop);
}

/** The body as it arrives, failing (and so ending the app's reading) past `limitBytes`. */
function heldToLimit(req: IncomingMessage, limitBytes: number): Readable {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limitBytes) return done(new Error(`the body passed its limit of ${limitBytes} bytes`));
      done(null, chunk);
    },
  });
  req.on("error", (error) => limited.destroy(error));
  req.on("aborted", () => limited.destroy(new Error("the client went away mid-body")));
  return req.pipe(limited);
}

/**
 * Reads the body of a request that has one into a Buffer, with raw-body's size check (the declared
 * Content-Length first, then the bytes as they arrive), then, for form routes, makes sure the
 * body is a form that can be read. Refusals are answered here (413, 415 or 400, short text, with
 * `own`: the headers every answer carries). A streamed rule's body is passed on unread, held to
 * its limit; the app reads (and checks) it as it comes.
 */
export async function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  own: readonly string[],
  { limits, hasAdminSession, expectsContinue }: BodyReading,
): Promise<BodyOutcome> {
  if (!hasBody(req)) return { body: null };
  const refuse = (status: number, message: string): BodyOutcome => {
    // Not when the connection is gone already (Node's own 408 at `requestTimeout` ends it).
    if (!res.headersSent && !req.socket.destroyed) {
      lingerOnClose(res.socket, limits);
      sendText(res, status, message, own, { close: true });
    }
    return { refused: true };
  };
  const declaredHeader = req.headers["content-length"];
  const declared = Number(declaredHeader ?? 0);
  let rule = bodyRuleFor(pathname);
  // The editor's large limit costs a session lookup, made only for a body that may need it.
  const mayExceedForm = declaredHeader === undefined || declared > BODY_RULES.form.limitBytes;
  if (largeOnlyForAdmins(pathname) && mayExceedForm && !(await hasAdminSession(req))) rule = BODY_RULES.form;
  // A declared length over the limit is answered at once, without inviting or reading a byte of it.
  if (declared > rule.limitBytes) return refuse(413, tooLarge(rule));
  const contentEncoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (contentEncoding !== "identity") return refuse(415, "Compressed request bodies are not accepted.");

  const contentType = req.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const notAForm = () => refuse(400, "This address accepts form submissions only (urlencoded or multipart form data).");
  if (rule.kind === "streamed") {
    if (!FORM_TYPES.includes(mediaType)) return notAForm();
    if (expectsContinue) res.writeContinue();
    return { body: heldToLimit(req, rule.limitBytes) };
  }

  if (expectsContinue) res.writeContinue();
  let body: Buffer;
  try {
    body = await getRawBody(req, {
      limit: rule.limitBytes,
      length: declaredHeader === undefined ? null : declared,
    });
  } catch (error) {
    // Too slow: answered already by watchRequestBody, and the connection is closing.
    if (res.headersSent) return { refused: true };
    const type = (error as { type?: unknown }).type;
    if (type === "entity.too.large") return refuse(413, tooLarge(rule));
    return refuse(400, "Malformed request body.");
  }
  if (res.headersSent) return { refused: true };

  if (body.length === 0 || rule.kind === "raw") return { body };
  if (!FORM_TYPES.includes(mediaType)) return notAForm();
  if (mediaType === "multipart/form-data") {
    try {
      await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return refuse(400, "Malformed form data: the multipart body or its boundary could not be read.");
    }
  }
  return { body };
}
