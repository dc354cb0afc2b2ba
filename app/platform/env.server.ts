import { z } from "zod";
import { DEFAULT_BRAND_NAME } from "./brand";
import { RETENTION_DEFAULT_DAYS } from "./retention-periods";

/**
 * The configuration contract (docs/architecture.md#configuration), validated once.
 * A bad or missing required value stops the server at start with a message naming it.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());
const retentionDays = (fallback: number) => z.coerce.number().int().min(1).max(36_500).default(fallback);

const booleanFlag = optionalString.transform((value) =>
  value === undefined ? false : ["1", "true", "yes", "on"].includes(value.toLowerCase()),
);

/** On unless set to 0, false, no or off. */
const onUnlessOff = optionalString.transform(
  (value) => value === undefined || !["0", "false", "no", "off"].includes(value.toLowerCase()),
);

/**
 * Who tells us the client's address (server/security.ts clientAddress): unset, the socket (no
 * proxy in front); `fly`, Fly.io's Fly-Client-IP header; a number N, the N-th entry from the
 * right of X-Forwarded-For (one per proxy in front). The former `true` is refused with a hint,
 * so an old configuration fails loudly instead of silently trusting nothing or too much.
 */
export type TrustProxy = { kind: "none" } | { kind: "fly" } | { kind: "hops"; hops: number };

const trustProxy = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined || ["0", "false", "no", "off"].includes(value.toLowerCase())) return { kind: "none" };
  if (value.toLowerCase() === "fly") return { kind: "fly" };
  if (/^[1-9]\d?$/.test(value)) return { kind: "hops", hops: Number(value) };
  ctx.addIssue({
    code: "custom",
    message:
      "must be unset (no proxy), `fly` (Fly.io's Fly-Client-IP) or the number of proxies in front (X-Forwarded-For hops)",
  });
  return z.NEVER;
});

/**
 * Server processes per instance (server/index.ts, docs/decisions/035): unset or 1, one process;
 * a number N, N worker processes sharing the port; `auto`, one per CPU the instance has.
 */
const webConcurrency = optionalString.transform((value, ctx): number | "auto" => {
  if (value === undefined) return 1;
  if (value.toLowerCase() === "auto") return "auto";
  if (/^[1-9]\d?$/.test(value) && Number(value) <= MAX_SERVER_PROCESSES) return Number(value);
  ctx.addIssue({
    code: "custom",
    message: `must be \`auto\` (one process per CPU) or a number of processes from 1 to ${MAX_SERVER_PROCESSES}`,
  });
  return z.NEVER;
});
const MAX_SERVER_PROCESSES = 64;

/** A comma list's entries, trimmed, empty ones dropped (SESSION_SECRET, ENCRYPTION_KEY). */
const listEntries = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * ENCRYPTION_KEY (docs/decisions/045): 64 hex characters, 32 random bytes, or a comma list of
 * them for rotation. The first encrypts; every one listed decrypts.
 */
const encryptionKeyList = optionalString.transform((value, ctx): string[] | undefined => {
  if (value === undefined) return undefined;
  const keys = listEntries(value).map((key) => key.toLowerCase());
  if (keys.length === 0 || keys.some((key) => !/^[0-9a-f]{64}$/.test(key))) {
    ctx.addIssue({
      code: "custom",
      message:
        "must be 64 hex characters (32 random bytes: `openssl rand -hex 32`), or a comma list of them with the newest first",
    });
    return z.NEVER;
  }
  if (new Set(keys).size !== keys.length) {
    ctx.addIssue({ code: "custom", message: "lists the same key twice" });
    return z.NEVER;
  }
  return keys;
});
/** Each SESSION_SECRET of the list in production: HMAC-SHA-256 keys shorter than its output are guessable sooner. */
const MIN_SECRET_BYTES = 32;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    DATABASE_URL: optionalUrl,
    // PostgreSQL pool per instance; instances x DATABASE_POOL_MAX must stay under max_connections.
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    // Bounds on every wait for PostgreSQL, so an outage answers 503 quickly instead of hanging.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
    // Named prepared statements (docs/decisions/034); off for a pooler that cannot keep them.
    DATABASE_PREPARED_STATEMENTS: onUnlessOff,
    PGLITE_DIR: z.string().default("./data/pglite"),
    WEB_CONCURRENCY: webConcurrency,
    SESSION_SECRET: optionalString,
    // Encrypts two-factor secrets and keys recovery-code hashes (app/platform/keys.server.ts).
    ENCRYPTION_KEY: encryptionKeyList,
    PUBLIC_URL: optionalUrl,
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()),
    SEED_DEMO_CONTENT: onUnlessOff,
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_DISABLED: booleanFlag,
    // Admins without a second factor are sent to /account/security to set one up before /admin opens.
    ADMIN_REQUIRE_2FA: booleanFlag,
    // The one sanctioned way for tests to run production mode with BCRYPT_COST < 12 or
    // RATE_LIMIT_DISABLED; refused unless the server listens on loopback only (see below).
    ALLOW_INSECURE_TEST_SETTINGS: booleanFlag,
    // Seconds an anonymous public page stays in the in-process cache (server/page-cache.js); 0 = off.
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    // JSON log lines at this level and above (pretty-printed in development).
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // JSON lines for log collectors; `pretty` (pino-pretty, a dev dependency) for a terminal.
    // Unset: pretty in development only. `npm start` sets pretty for local use.
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    // /metrics: a bearer token on the site's port, and/or a separate port never exposed publicly.
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, { error: "must be at least 16 characters" }).optional()),
    METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    // The address METRICS_PORT listens on: this machine only, unless the operator names a private
    // network's address (Fly: fly-local-6pn). Every interface (0.0.0.0, ::) needs METRICS_TOKEN.
    METRICS_HOST: optionalString.transform((value) => value ?? "127.0.0.1"),
    SUPPORT_EMAIL: z.email().default("support@aiprofitlabs.com"),
    // The private community's invite link (decision 055): paid members only; /admin/community may override it.
    COMMUNITY_INVITE_URL: optionalUrl,
    BRAND_NAME: z.string().default(DEFAULT_BRAND_NAME),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_LIFETIME: optionalString,
    STRIPE_PRICE_TRIAL: optionalString,
    STRIPE_API_BASE: optionalUrl,
    WARRIORPLUS_SECURITY_KEY: optionalString,
    WARRIORPLUS_MEMBERSHIP_ITEMS: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: optionalString,
    // The outbox's pace for list mail (training steps, announcements): a provider's limit holds.
    // Transactional mail is sent at once and counts toward it (decision 054).
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    // How often the sender looks for due mail besides the nudge after each write.
    MAIL_POLL_SECONDS: z.coerce.number().min(0.1).max(300).default(15),
    // The sender's postal address, printed in every marketing email; announcements refuse to send without it.
    MAIL_POSTAL_ADDRESS: optionalString,
    // DKIM signing by nodemailer: all three or none. The key may be given with \n for its line breaks.
    DKIM_DOMAIN: optionalString,
    DKIM_SELECTOR: optionalString,
    DKIM_PRIVATE_KEY: optionalString.transform((value) => value?.replace(/\\n/g, "\n")),
    MARKETPLACE_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs"),
    MARKETPLACE_DECLINE_URL: z.url().default("https://warriorplus.com/o/nothanks/ai-profit-labs"),
    MARKETPLACE_AFFILIATE_URL: z.url().default("https://warriorplus.com/aff-offer/ai-profit-labs"),
    // Each marketplace offer has its own buy link: the $1 offer and the two upsells.
    MARKETPLACE_TRIAL_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-trial"),
    MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-white-label"),
    MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-custom-saas"),
    APP_BUILDER_URL: z.url().default("https://bolt.new/"),
    // The largest file an admin may attach to a chapter, in bytes (25 MiB); the upload route's body
    // limit is this plus the chapter form's own (server/body-limits.ts). Past 100 MiB files belong in
    // an object store, not the database (docs/decisions/052).
    ATTACHMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(25 * 1024 * 1024),
    // The email-marketing provider's tracking script for the lead pages; loaded only with consent.
    TRACKER_SCRIPT_URL: optionalUrl,
    // Retention periods in days (app/platform/retention-periods.ts, decision 056): housekeeping applies them and
    // the privacy policy prints them.
    RETENTION_EMAIL_BODY_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.emailBodies),
    RETENTION_AUDIT_LOG_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.auditLog),
    RETENTION_KNOWN_DEVICE_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.knownDevices),
    RETENTION_UNSUBSCRIBED_LEAD_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.unsubscribedLeads),
    RETENTION_CONSENT_PROOF_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.consentProofs),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") refuseWeakSettings(env, ctx);
    // The embedded database is a folder one process opens; `npm run dev` restarts one process.
    if (typeof env.WEB_CONCURRENCY === "number" && env.WEB_CONCURRENCY > 1) {
      if (!env.DATABASE_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["WEB_CONCURRENCY"],
          message:
            "must be 1 with the embedded database (PGlite is opened by one process); set DATABASE_URL to run several",
        });
      } else if (env.NODE_ENV === "development") {
        ctx.addIssue({ code: "custom", path: ["WEB_CONCURRENCY"], message: "must be 1 in development" });
      }
    }
    if (env.NODE_ENV === "production" && listEntries(env.SESSION_SECRET ?? "").length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (a long random string; a comma list rotates secrets)",
      });
    } else if (
      env.NODE_ENV === "production" &&
      listEntries(env.SESSION_SECRET ?? "").some((secret) => Buffer.byteLength(secret, "utf8") < MIN_SECRET_BYTES)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `must be at least ${MIN_SECRET_BYTES} bytes in production, each secret of the list (\`openssl rand -hex 32\`)`,
      });
    }
    // A copy of the database must not hold live two-factor secrets (docs/decisions/045).
    if (env.NODE_ENV === "production" && !env.ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEY"],
        message:
          "is required in production (64 hex characters: `openssl rand -hex 32`; a comma list rotates keys, newest first)",
      });
    }
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
    if (dkim > 0 && dkim < 3) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three, or none",
      });
    }
    // A metrics port on every interface is as public as the site: it takes the site's token then.
    if (env.METRICS_PORT !== undefined && bindsEveryInterface(env.METRICS_HOST) && !env.METRICS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_HOST"],
        message:
          "listens on every interface: set METRICS_TOKEN (scrapes then send `Authorization: Bearer`), or bind 127.0.0.1 or a private network's address",
      });
    }
    // Links in emails (password resets) must never be built from a request's Host header,
    // which anyone can forge; production names its own address.
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production (the site's public address, e.g. https://example.com)",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** A listen address that takes connections on every interface of the machine. */
export function bindsEveryInterface(host: string): boolean {
  return ["0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0"].includes(host.trim().toLowerCase());
}

/**
 * Production refuses a cheap password hash and disabled rate limits. Test suites run the built
 * server in production mode and need both, so ALLOW_INSECURE_TEST_SETTINGS permits them, but only
 * on a server bound to a loopback address (HOST=127.0.0.1, ::1 or localhost): no other machine
 * can reach it, so it cannot be a deployment. The flag itself is refused anywhere else, so it can
 * never be left switched on in a real environment by mistake.
 */
function refuseWeakSettings(
  env: { BCRYPT_COST: number; RATE_LIMIT_DISABLED: boolean; ALLOW_INSECURE_TEST_SETTINGS: boolean; HOST?: string },
  ctx: z.RefinementCtx,
) {
  const loopbackOnly = env.HOST !== undefined && LOOPBACK_HOSTS.has(env.HOST.toLowerCase());
  if (env.ALLOW_INSECURE_TEST_SETTINGS) {
    if (!loopbackOnly) {
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_INSECURE_TEST_SETTINGS"],
        message: "is for test servers only: it is refused unless HOST is 127.0.0.1, ::1 or localhost",
      });
    }
    return;
  }
  if (env.BCRYPT_COST < 12) {
    ctx.addIssue({ code: "custom", path: ["BCRYPT_COST"], message: "must be at least 12 in production" });
  }
  if (env.RATE_LIMIT_DISABLED) {
    ctx.addIssue({ code: "custom", path: ["RATE_LIMIT_DISABLED"], message: "is refused in production" });
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration. Fix these environment variables:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment; read lazily so tests can set process.env first. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The configured session secrets, newest first; a development fallback so `npm run dev` works with
 * no configuration (production requires real ones). Read only by platform/keys.server.ts, which
 * derives a key per purpose from them.
 */
export function sessionSecrets(): [string, ...string[]] {
  // A list of nothing but commas is no secret: refused in production, the development one elsewhere.
  const [newest = "dev-only-insecure-session-secret-change-me", ...older] = listEntries(env().SESSION_SECRET ?? "");
  return [newest, ...older];
}

/**
 * The configured encryption keys as bytes, the encrypting one first; without configuration (only
 * allowed outside production) one fixed development key. Read only by platform/keys.server.ts.
 */
export function encryptionKeys(): Buffer[] {
  const keys = env().ENCRYPTION_KEY ?? [DEV_ENCRYPTION_KEY];
  return keys.map((key) => Buffer.from(key, "hex"));
}
const DEV_ENCRYPTION_KEY = "de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0de0d";

export const isProduction = () => env().NODE_ENV === "production";

/**
 * How many server processes an instance runs: WEB_CONCURRENCY, where `auto` is one per CPU on
 * PostgreSQL in production and one otherwise (the embedded database, development).
 */
export function serverProcessCount(
  config: Pick<Env, "WEB_CONCURRENCY" | "DATABASE_URL" | "NODE_ENV">,
  cpus: number,
): number {
  if (config.WEB_CONCURRENCY !== "auto") return config.WEB_CONCURRENCY;
  return config.DATABASE_URL && config.NODE_ENV === "production"
    ? Math.max(1, Math.min(cpus, MAX_SERVER_PROCESSES))
    : 1;
}

/** Secure cookies wherever the site is served over HTTPS: always in production unless PUBLIC_URL says http. */
export function secureCookies(): boolean {
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) return publicUrl.startsWith("https:");
  return isProduction();
}
