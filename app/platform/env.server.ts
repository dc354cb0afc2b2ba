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

/** The three DKIM variables go together (the refinement below says so when they do not). */
const DKIM_DESCRIPTION = (part: string) =>
  `DKIM signing, ${part}: all three of \`DKIM_DOMAIN\`, \`DKIM_SELECTOR\` and \`DKIM_PRIVATE_KEY\` or none; nodemailer DKIM-signs every message. DNS records (SPF, DKIM, DMARC): [operations](operations.md#mail-the-list-and-deliverability).`;

/**
 * The marketplace links (buy, decline, affiliate) and the made-up addresses they default to, so
 * `npm run dev` and `npm start` show working pages before the offers exist. Production at a public
 * address refuses a placeholder at start, naming the variable (a buy button that leads nowhere loses the sale silently); the
 * readiness check on /admin/launch lists the ones still unset.
 */
export const MARKETPLACE_PLACEHOLDERS = {
  MARKETPLACE_CHECKOUT_URL: "https://warriorplus.com/o2/buy/ai-profit-labs",
  MARKETPLACE_DECLINE_URL: "https://warriorplus.com/o/nothanks/ai-profit-labs",
  MARKETPLACE_AFFILIATE_URL: "https://warriorplus.com/aff-offer/ai-profit-labs",
  MARKETPLACE_TRIAL_CHECKOUT_URL: "https://warriorplus.com/o2/buy/ai-profit-labs-trial",
  MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: "https://warriorplus.com/o2/buy/ai-profit-labs-white-label",
  MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: "https://warriorplus.com/o2/buy/ai-profit-labs-custom-saas",
} as const;
export type MarketplaceLinkVariable = keyof typeof MARKETPLACE_PLACEHOLDERS;
const MARKETPLACE_LINK_VARIABLES = Object.keys(MARKETPLACE_PLACEHOLDERS) as MarketplaceLinkVariable[];

const marketplaceUrl = (name: MarketplaceLinkVariable, description: string) =>
  z.url().default(MARKETPLACE_PLACEHOLDERS[name]).meta({
    description,
    unset: "a made-up placeholder, refused in production at a public `PUBLIC_URL`; `/admin/launch` lists it until set",
  });

/** The marketplace links still at their made-up placeholder, by variable. */
export function placeholderMarketplaceLinks(config: Pick<Env, MarketplaceLinkVariable>): MarketplaceLinkVariable[] {
  return MARKETPLACE_LINK_VARIABLES.filter((name) => config[name] === MARKETPLACE_PLACEHOLDERS[name]);
}

/**
 * The schema is also the configuration's documentation: each variable's `description` (what it
 * does, when it is required) and `unset` (what the site does without it: where the rule has a
 * default, a note beside it) sit beside its rule, and `npm run docs:config` writes docs/configuration.md from them.
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development").meta({
      description:
        "`production` refuses weak settings and requires `SESSION_SECRET`, `ENCRYPTION_KEY` and `PUBLIC_URL`.",
      unset: "`npm start` and the image: `production`",
    }),
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(3000)
      .meta({ description: "The HTTP port (the image: 8080)." }),
    HOST: optionalString.meta({
      description: "The interface to bind; `127.0.0.1` keeps the site local.",
      unset: "all interfaces",
    }),
    DATABASE_URL: optionalUrl.meta({
      description: "PostgreSQL (`postgres://user:pass@host:5432/db`).",
      unset: "unset: the embedded PGlite",
    }),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10).meta({
      description:
        "PostgreSQL connections per server process; instances × processes × this must stay under the server's `max_connections`.",
    }),
    // Bounds on every wait for PostgreSQL, so an outage answers 503 quickly instead of hanging.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(5_000)
      .meta({ description: "Connecting, or waiting for a free pooled connection, in milliseconds." }),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000).meta({
      description:
        "One statement, in milliseconds (on the server; the client waits one second longer for a hung server).",
    }),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(300_000)
      .default(15_000)
      .meta({ description: "A transaction left open without work this many milliseconds is ended." }),
    DATABASE_PREPARED_STATEMENTS: onUnlessOff.meta({
      description:
        "Named prepared statements ([decision 034](decisions/034-prepared-statements.md)); `off` (or `0`, `false`, `no`) behind a pooler that cannot keep them.",
      unset: "on",
    }),
    PGLITE_DIR: z
      .string()
      .default("./data/pglite")
      .meta({ description: "The embedded database's folder; one process per folder (a lock file enforces it)." }),
    WEB_CONCURRENCY: webConcurrency.meta({
      description: `Server processes per instance: a number up to ${MAX_SERVER_PROCESSES}, or \`auto\` (one per CPU, on PostgreSQL in production); more than one needs PostgreSQL ([decision 035](decisions/035-server-processes-per-cpu.md)).`,
      unset: "1",
    }),
    SESSION_SECRET: optionalString.meta({
      description:
        "Signs the session and other cookies (a key derived per cookie, [decision 045](decisions/045-secrets-at-rest.md)) and keys the consent proof's address hash; a comma list rotates secrets (the first signs). Required in production, each secret at least 32 bytes (`openssl rand -hex 32`).",
      unset: "`npm start`: generated into `./data/session-secret`",
    }),
    ENCRYPTION_KEY: encryptionKeyList.meta({
      description:
        "64 hex characters (32 random bytes: `openssl rand -hex 32`): encrypts the TOTP secrets and the links of unsent mail, and keys the recovery codes, in the database; a comma list rotates keys (the first encrypts, all decrypt; [rotation](operations.md#secrets-and-keys)). Required in production (`npm run dev` without it: a fixed development key).",
      unset: "`npm start`: generated into `./data/encryption-key`",
    }),
    PUBLIC_URL: optionalUrl.meta({
      description:
        "The public origin (`https://...`): links in emails, Stripe return URLs, Secure cookies, the cross-site POST check. Required in production, so no link is ever built from a forged `Host` header.",
      unset: "`npm start`: `http://localhost:PORT`",
    }),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()).meta({
      description:
        "The address of the admin account the first start creates when no account has that address; never changed by a later start (`npm run admin` changes admins).",
      unset: "`admin@example.com`",
    }),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()).meta({
      description: "The password (8-128 characters) of the admin account the first start creates.",
      unset: "generated and printed once",
    }),
    SEED_DEMO_CONTENT: onUnlessOff.meta({
      description:
        "Adds the demo content: the demo course on an empty database, and the demo launch (cart open for 3 days, '3 of 10' custom SaaS spots) on the first start; `false` (or `0`, `no`, `off`) does not (`fly.toml`: false). The Starter, White-label and VIP courses are product content, installed either way (decision 063).",
      unset: "true",
    }),
    BCRYPT_COST: z.coerce
      .number()
      .int()
      .min(4)
      .max(15)
      .default(12)
      .meta({ description: "The password hash's cost; production refuses less than 12." }),
    TRUST_PROXY: trustProxy.meta({
      description:
        "Who names the client address: `fly`, Fly.io's `Fly-Client-IP`; a number N, the N-th `X-Forwarded-For` entry from the right (one per proxy in front). The old `true` is refused.",
      unset: "unset: the socket",
    }),
    RATE_LIMIT_DISABLED: booleanFlag.meta({
      description: "`true` turns the rate limits off; refused in production.",
      unset: "false",
    }),
    ADMIN_REQUIRE_2FA: booleanFlag.meta({
      description:
        "`true`: an admin without two-factor sign-in holds no admin rights until they set it up: the admin pages and, for an admin who has not paid, the member pages send them to `/account`; other people's receipts and drafts stay closed ([decision 050](decisions/050-admin-step-up-names-in-mail-gets-that-write.md)).",
      unset: "false",
    }),
    // The one sanctioned way for tests to run production mode with BCRYPT_COST < 12 or
    // RATE_LIMIT_DISABLED; refused unless the server listens on loopback only (see below).
    ALLOW_INSECURE_TEST_SETTINGS: booleanFlag.meta({
      description:
        "Tests only: lets production mode run with a `BCRYPT_COST` under 12 and `RATE_LIMIT_DISABLED`, and only on a server bound to loopback (`HOST=127.0.0.1`, `::1`, `localhost`); refused anywhere else.",
      unset: "false",
    }),
    PAGE_CACHE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(300)
      .default(10)
      .meta({ description: "Lifetime of the in-process cache of anonymous public pages; 0 turns it off." }),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info")
      .meta({ description: "Log lines at this level and above." }),
    LOG_FORMAT: z.enum(["json", "pretty"]).optional().meta({
      description:
        "`json` lines for log collectors, `pretty` to format inside the server (needs the dev dependency pino-pretty).",
      unset: "`json` (development: `pretty`; `npm start` prints readable lines from a second process)",
    }),
    METRICS_TOKEN: optionalString
      .pipe(z.string().min(16, { error: "must be at least 16 characters" }).optional())
      .meta({
        description: "16+ characters: `GET /metrics` with `Authorization: Bearer <token>`.",
        unset: "unset: `/metrics` answers 404 on the site's port",
      }),
    METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()).meta({
      description:
        "Also serves `/metrics` on this port, at `METRICS_HOST`; keep it off the public services (`fly.toml`: 9091).",
    }),
    METRICS_HOST: optionalString
      .transform((value) => value ?? "127.0.0.1")
      .meta({
        description:
          "Where `METRICS_PORT` listens: this machine only, or a private network's address (`fly.toml`: `fly-local-6pn`), served without a token; every interface (`0.0.0.0`, `::`) is refused without `METRICS_TOKEN` and then needs `Authorization: Bearer`.",
        unset: "`127.0.0.1`",
      }),
    SUPPORT_EMAIL: z
      .email()
      .default("support@aiprofitlabs.com")
      .meta({ description: "The support address shown across the site and in emails." }),
    COMMUNITY_INVITE_URL: optionalUrl.meta({
      description:
        "The private community's invite link (e.g. a Discord invite): paid members see 'Join the Private Community' on `/bonuses` and `/dashboard`, and their welcome and login emails include it; never shown to visitors or unpaid users. An admin may override it at `/admin/community` ([decision 055](decisions/055-operator-refunds-members-community-email-sign-in.md)).",
      unset: "unset (and no override): 'Join Discord (Coming Soon)'",
    }),
    BRAND_NAME: z
      .string()
      .default(DEFAULT_BRAND_NAME)
      .meta({ description: "The brand shown across the site and in emails." }),
    STRIPE_SECRET_KEY: optionalString.meta({
      description: "Card checkout.",
      unset: "unset: the plan page says payments are not configured",
    }),
    STRIPE_WEBHOOK_SECRET: optionalString.meta({
      description: "The signing secret of the `/webhooks/stripe` endpoint.",
      unset: "unset: the webhook answers 503",
    }),
    STRIPE_PRICE_LIFETIME: optionalString.meta({
      description:
        "Seeds the launch Stripe price of the `membership` product (lifetime access at its launch price, $25, charged until 'Cart closes') at each start until an admin saves that product on `/admin/products` ([decision 064](decisions/064-one-price-rule-for-both-paths.md)).",
    }),
    STRIPE_PRICE_LIFETIME_REGULAR: optionalString.meta({
      description:
        "Seeds the regular Stripe price of the `membership` product (its regular price, $197, charged from 'Cart closes' on) at each start until an admin saves that product on `/admin/products` (decision 064).",
      unset: "unset (and none saved): after 'Cart closes' the plan page says payments are not configured",
    }),
    STRIPE_PRICE_TRIAL: optionalString.meta({
      description: "The Stripe price of `AI_PROFIT_LABS_TRIAL`, the $1 offer.",
    }),
    STRIPE_API_BASE: optionalUrl.meta({
      description: "Tests only: a fake Stripe API on loopback (also added to the CSP's `form-action`).",
      unset: "Stripe's",
    }),
    WARRIORPLUS_SECURITY_KEY: optionalString.meta({
      description: "The marketplace's IPN key, compared in constant time.",
      unset: "unset: the IPN route answers 503",
    }),
    WARRIORPLUS_MEMBERSHIP_ITEMS: optionalString.meta({
      description:
        "Seeds the `membership` product's marketplace item numbers (a comma list) at each start until an admin saves it; with no item mapped to any product the IPN route answers 503.",
    }),
    SMTP_URL: optionalString.meta({
      description: "The mail server: `smtps://user:pass@smtp.example.com:465`.",
      unset: "unset: messages are printed to the server log",
    }),
    MAIL_FROM: optionalString.meta({
      description: 'The sender, e.g. `"AI Profit Labs <support@aiprofitlabs.com>"`.',
    }),
    // The outbox paces list mail so a provider's limit holds (decision 054).
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60).meta({
      description:
        "Training emails and announcements are sent at most this many a minute (the provider's limit); account mail is sent at once and counts toward it.",
    }),
    MAIL_POLL_SECONDS: z.coerce.number().min(0.1).max(300).default(15).meta({
      description: "How often the mail sender looks for due mail, besides right after each write.",
    }),
    MAIL_POSTAL_ADDRESS: optionalString.meta({
      description:
        'The sender\'s postal address, printed in every marketing email, e.g. `"AI Profit Labs Ltd, 1 Example Street, Springfield"`.',
      unset: "unset: announcements refuse to send",
    }),
    DKIM_DOMAIN: optionalString.meta({
      description: DKIM_DESCRIPTION("the signing domain"),
      unset: "unset: no DKIM signature",
    }),
    DKIM_SELECTOR: optionalString.meta({
      description: DKIM_DESCRIPTION("the selector"),
      unset: "unset: no DKIM signature",
    }),
    DKIM_PRIVATE_KEY: optionalString
      .transform((value) => value?.replace(/\\n/g, "\n"))
      .meta({
        description: `${DKIM_DESCRIPTION("the private key")} The key's line breaks may be written \`\\n\`.`,
        unset: "unset: no DKIM signature",
      }),
    MARKETPLACE_CHECKOUT_URL: marketplaceUrl(
      "MARKETPLACE_CHECKOUT_URL",
      "The buy link of the front-end offer (sales variant A and the launch variant).",
    ),
    MARKETPLACE_DECLINE_URL: marketplaceUrl("MARKETPLACE_DECLINE_URL", "The upsells' 'No Thanks' links."),
    MARKETPLACE_AFFILIATE_URL: marketplaceUrl(
      "MARKETPLACE_AFFILIATE_URL",
      "'Request Affiliate Access' on the affiliate pages.",
    ),
    MARKETPLACE_TRIAL_CHECKOUT_URL: marketplaceUrl(
      "MARKETPLACE_TRIAL_CHECKOUT_URL",
      "The buy link of the $1 offer (sales variant B).",
    ),
    MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: marketplaceUrl(
      "MARKETPLACE_WHITE_LABEL_CHECKOUT_URL",
      "The buy link of the white-label upsell.",
    ),
    MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: marketplaceUrl(
      "MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL",
      "The buy link of the custom SaaS upsell.",
    ),
    APP_BUILDER_URL: z
      .url()
      .default("https://bolt.new/")
      .meta({ description: "Where the app prompt page sends the prompt." }),
    // The upload route's body limit is this plus the chapter form's own (server/body-limits.ts). Past
    // 100 MiB files belong in an object store, not the database (docs/decisions/052).
    ATTACHMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(25 * 1024 * 1024)
      .meta({
        description:
          "The largest file an admin may attach to a chapter, in bytes (25 MiB by default; 1 KiB to 100 MiB); `/admin/attachments` accepts a body of this plus 1 MiB and refuses more with 413 before reading it.",
      }),
    // Downloads of chapter files (app/features/files/downloads.server.ts, decision 068).
    DOWNLOADS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000).default(60).meta({
      description:
        "Chapter-file downloads one server process sends at once (each holds at most a few 64 KiB parts); more get 503 with `Retry-After: 60`. One member may have 3 at once (429 past that).",
    }),
    DOWNLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000).meta({
      description:
        "A download (or image) whose client takes no bytes for this many milliseconds is closed, and its place freed.",
    }),
    TRACKER_SCRIPT_URL: optionalUrl.meta({
      description:
        "The email-marketing provider's tracking script on the lead pages; it loads only with Accept All, and its origin joins the CSP's `connect-src`.",
    }),
    // Retention periods (app/platform/retention-periods.ts, decision 056): housekeeping applies them and
    // the privacy policy prints them.
    RETENTION_EMAIL_BODY_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.emailBodies).meta({
      description:
        "Days after sending before a sent email's text and HTML are emptied (address, subject and dates stay).",
    }),
    RETENTION_AUDIT_LOG_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.auditLog).meta({
      description: "Days the admin audit log keeps a row.",
    }),
    RETENTION_KNOWN_DEVICE_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.knownDevices).meta({
      description: "Days after its last use before a known device is deleted.",
    }),
    RETENTION_UNSUBSCRIBED_LEAD_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.unsubscribedLeads).meta({
      description: "Days after unsubscribing before a lead who never bought is deleted.",
    }),
    RETENTION_CONSENT_PROOF_DAYS: retentionDays(RETENTION_DEFAULT_DAYS.consentProofs).meta({
      description: "Days a cookie-consent proof is kept (3 years by default: the limitation period for claims).",
    }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") refuseWeakSettings(env, ctx);
    // A site at a public address sells; one on this machine (`npm start`, a test server) is tried
    // out, and keeps the placeholders so its pages work before the offers exist.
    if (env.NODE_ENV === "production" && env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL)) {
      for (const name of placeholderMarketplaceLinks(env)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is still the made-up placeholder ${MARKETPLACE_PLACEHOLDERS[name]}: set the offer's real link on the marketplace`,
        });
      }
    }
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

/** An address of this machine only (`npm start`'s http://localhost:3000, a test server's 127.0.0.1). */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

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
