import { z } from "zod";
import { DEFAULT_BRAND_NAME } from "~/content/brand";

/**
 * The configuration contract (ARCHITECTURE "Configuration contract"), validated once.
 * A bad or missing required value stops the server at start with a message naming it.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

const booleanFlag = optionalString.transform((value) =>
  value === undefined ? false : ["1", "true", "yes", "on"].includes(value.toLowerCase())
);

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
    PGLITE_DIR: z.string().default("./data/pglite"),
    SESSION_SECRET: optionalString,
    PUBLIC_URL: optionalUrl,
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()),
    SEED_DEMO_CONTENT: optionalString.transform(
      (value) => value === undefined || !["0", "false", "no", "off"].includes(value.toLowerCase())
    ),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    TRUST_PROXY: booleanFlag,
    RATE_LIMIT_DISABLED: booleanFlag,
    // Seconds an anonymous public page stays in the in-process cache (server/page-cache.js); 0 = off.
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    // JSON log lines at this level and above (pretty-printed in development).
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // /metrics: a bearer token on the site's port, and/or a separate port never exposed publicly.
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, { error: "must be at least 16 characters" }).optional()),
    METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    SUPPORT_EMAIL: z.email().default("support@aiprofitlabs.com"),
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
    MARKETPLACE_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs"),
    MARKETPLACE_DECLINE_URL: z.url().default("https://warriorplus.com/o/nothanks/ai-profit-labs"),
    MARKETPLACE_AFFILIATE_URL: z.url().default("https://warriorplus.com/aff-offer/ai-profit-labs"),
    // Each marketplace offer has its own buy link: the $1 offer and the two upsells.
    MARKETPLACE_TRIAL_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-trial"),
    MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-white-label"),
    MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: z.url().default("https://warriorplus.com/o2/buy/ai-profit-labs-custom-saas"),
    APP_BUILDER_URL: z.url().default("https://bolt.new/"),
    // The email-marketing provider's tracking script for the lead pages; loaded only with consent.
    TRACKER_SCRIPT_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (a long random string; a comma list rotates secrets)",
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

/** Development fallback so `npm start` works with no configuration; production requires a real one. */
export function sessionSecrets(): string[] {
  const secret = env().SESSION_SECRET ?? "dev-only-insecure-session-secret-change-me";
  return secret
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export const isProduction = () => env().NODE_ENV === "production";

/** Secure cookies wherever the site is served over HTTPS: always in production unless PUBLIC_URL says http. */
export function secureCookies(): boolean {
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) return publicUrl.startsWith("https:");
  return isProduction();
}
