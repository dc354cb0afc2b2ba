// Request bodies are limited and checked here, before the app sees them: a body over its limit is
// refused with 413 before it is buffered past the limit, and a body the app could not read gets
// 400 with a short message instead of an error page.
import type { ErrorRequestHandler, RequestHandler } from "express";
import express from "express";

const KiB = 1024;

/** What a route accepts: the Stripe webhook reads its raw body; every other route reads a form. */
type BodyRule = { limitBytes: number; kind: "form" | "raw" };

export const BODY_RULES = {
  /** Ordinary forms: sign-in, signup, checkout, consent, leads... */
  form: { limitBytes: 64 * KiB, kind: "form" },
  /** The admin editor saves a chapter's whole rich text (images may be inline data URLs). */
  adminEditor: { limitBytes: 1024 * KiB, kind: "form" },
  stripeWebhook: { limitBytes: 256 * KiB, kind: "raw" },
  marketplaceWebhook: { limitBytes: 256 * KiB, kind: "form" },
} as const satisfies Record<string, BodyRule>;

/** The rule for a path; single-fetch data requests (`/admin.data`) share their route's rule. */
export function bodyRuleFor(pathname: string): BodyRule {
  const route = pathname.replace(/\.data$/, "");
  if (route === "/webhooks/stripe") return BODY_RULES.stripeWebhook;
  if (route.startsWith("/webhooks/")) return BODY_RULES.marketplaceWebhook;
  if (route === "/admin") return BODY_RULES.adminEditor;
  return BODY_RULES.form;
}

const describeLimit = (bytes: number) => (bytes >= 1024 * KiB ? `${bytes / (1024 * KiB)} MiB` : `${bytes / KiB} KiB`);
const tooLarge = (rule: BodyRule) => `Request body too large (the limit here is ${describeLimit(rule.limitBytes)}).`;

/** Form encodings a browser (or Remix's client) sends; anything else is not a form. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(res: Parameters<RequestHandler>[1], status: number, message: string) {
  // The rest of an over-long body is not read: close the connection after answering.
  res.status(status).set("Connection", "close").type("text/plain").send(message);
}

/**
 * Buffers the body of a POST (PUT, PATCH, DELETE) into `req.body` with Express's own body
 * parser and its size check (Content-Length first, then the bytes as they arrive), then, for
 * form routes, makes sure the body is a form that can be read. Requests without a body pass.
 */
export function bodyLimits(): RequestHandler[] {
  const parsers = new Map<BodyRule, RequestHandler>(
    Object.values(BODY_RULES).map((rule) => [
      rule,
      express.raw({ limit: rule.limitBytes, type: () => true, inflate: false }),
    ]),
  );

  const read: RequestHandler = (req, res, next) => {
    const rule = bodyRuleFor(req.path);
    // A declared length over the limit is answered at once, without reading (or draining) a
    // byte of it: the body parser would otherwise wait for the whole body before answering.
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > rule.limitBytes) return refuse(res, 413, tooLarge(rule));
    parsers.get(rule)!(req, res, next);
  };

  const check: RequestHandler = async (req, res, next) => {
    const body: unknown = req.body;
    const rule = bodyRuleFor(req.path);
    if (!Buffer.isBuffer(body) || body.length === 0 || rule.kind === "raw") return next();
    const contentType = req.get("content-type") ?? "";
    const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(mediaType)) {
      return refuse(res, 400, "This address accepts form submissions only (urlencoded or multipart form data).");
    }
    if (mediaType === "multipart/form-data") {
      try {
        await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
      } catch {
        return refuse(res, 400, "Malformed form data: the multipart body or its boundary could not be read.");
      }
    }
    next();
  };

  return [read, check];
}

/** Errors of the body parser become short answers: 413 for too large, 400 for anything else. */
export const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  const status =
    typeof error?.status === "number" ? error.status : typeof error?.statusCode === "number" ? error.statusCode : 500;
  if (res.headersSent || status >= 500 || typeof error?.type !== "string") return next(error);
  if (status === 413) return refuse(res, 413, tooLarge(bodyRuleFor(req.path)));
  if (error.type === "encoding.unsupported") return refuse(res, 415, "Compressed request bodies are not accepted.");
  return refuse(res, 400, "Malformed request body.");
};
