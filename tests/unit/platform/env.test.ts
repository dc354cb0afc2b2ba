import { describe, expect, it } from "vitest";
import {
  MARKETPLACE_PLACEHOLDERS,
  parseEnv,
  placeholderMarketplaceLinks,
  serverProcessCount,
} from "~/platform/env.server";
import { describeRetryAfter } from "~/platform/retry-after";

const SECRET_32 = "x".repeat(32);
const KEY = "0123456789abcdef".repeat(4);
/** Real marketplace links: production refuses the made-up defaults. */
const MARKETPLACE_LINKS = Object.fromEntries(
  Object.keys(MARKETPLACE_PLACEHOLDERS).map((name) => [name, `https://market.example.test/${name.toLowerCase()}`]),
);
const production = {
  NODE_ENV: "production",
  SESSION_SECRET: SECRET_32,
  ENCRYPTION_KEY: KEY,
  PUBLIC_URL: "https://example.test",
  ...MARKETPLACE_LINKS,
};

describe("parseEnv", () => {
  it("takes DKIM's three settings together or not at all, the key's \\n as line breaks", () => {
    expect(() => parseEnv({ DKIM_DOMAIN: "example.com" })).toThrow(
      /DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together/,
    );
    const env = parseEnv({
      DKIM_DOMAIN: "example.com",
      DKIM_SELECTOR: "s1",
      DKIM_PRIVATE_KEY: "-----BEGIN-----\\nabc\\n-----END-----",
    });
    expect(env.DKIM_PRIVATE_KEY).toBe("-----BEGIN-----\nabc\n-----END-----");
    expect(parseEnv({}).MAIL_RATE_PER_MINUTE).toBe(60);
  });
  it("works with nothing configured (local use)", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe("./data/pglite");
    expect(env.TRUST_PROXY).toEqual({ kind: "none" });
    expect(env.SEED_DEMO_CONTENT).toBe(true);
    expect(env.DATABASE_PREPARED_STATEMENTS).toBe(true);
  });
  it("requires SESSION_SECRET, ENCRYPTION_KEY and PUBLIC_URL in production, naming them", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/ENCRYPTION_KEY: is required in production/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET_32, ENCRYPTION_KEY: KEY })).toThrow(
      /PUBLIC_URL: is required in production/,
    );
    const env = parseEnv(production);
    expect(env.NODE_ENV).toBe("production");
  });
  it("names every bad value", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "not a url", ADMIN_EMAIL: "nope" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_EMAIL/,
    );
  });
  it("reads the operations settings: database bounds, log level, metrics access", () => {
    const defaults = parseEnv({ METRICS_PORT: "", METRICS_TOKEN: "" });
    expect([
      defaults.DATABASE_POOL_MAX,
      defaults.DATABASE_CONNECT_TIMEOUT_MS,
      defaults.DATABASE_STATEMENT_TIMEOUT_MS,
    ]).toEqual([10, 5000, 10000]);
    expect([defaults.LOG_LEVEL, defaults.METRICS_PORT, defaults.METRICS_TOKEN]).toEqual(["info", undefined, undefined]);
    const set = parseEnv({
      METRICS_PORT: "9091",
      METRICS_TOKEN: "a-long-enough-token",
      LOG_LEVEL: "warn",
      DATABASE_POOL_MAX: "4",
    });
    expect([set.METRICS_PORT, set.METRICS_TOKEN, set.LOG_LEVEL, set.DATABASE_POOL_MAX]).toEqual([
      9091,
      "a-long-enough-token",
      "warn",
      4,
    ]);
    expect(() => parseEnv({ METRICS_TOKEN: "short", METRICS_PORT: "x", LOG_LEVEL: "loud" })).toThrow(
      /LOG_LEVEL[\s\S]*METRICS_TOKEN: must be at least 16 characters[\s\S]*METRICS_PORT/,
    );
  });
  it("treats empty strings as unset and reads flags", () => {
    const env = parseEnv({
      DATABASE_URL: "",
      TRUST_PROXY: "fly",
      SEED_DEMO_CONTENT: "false",
      DATABASE_PREPARED_STATEMENTS: "OFF",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toEqual({ kind: "fly" });
    expect(env.SEED_DEMO_CONTENT).toBe(false);
    expect(env.DATABASE_PREPARED_STATEMENTS).toBe(false);
  });
});

describe("describeRetryAfter", () => {
  it.each([
    [1, "in 1 second"],
    [40, "in 40 seconds"],
    [60, "in 1 minute"],
    [61, "in 2 minutes"],
    [900, "in 15 minutes"],
  ])("%i s reads %s", (seconds, text) => {
    expect(describeRetryAfter(seconds)).toBe(text);
  });
});

describe("secrets (decision 045)", () => {
  it("refuses in production a SESSION_SECRET under 32 bytes, each secret of its list", () => {
    expect(() => parseEnv({ ...production, SESSION_SECRET: "x".repeat(31) })).toThrow(
      /SESSION_SECRET: must be at least 32 bytes in production/,
    );
    expect(() => parseEnv({ ...production, SESSION_SECRET: `${SECRET_32},short-old-secret` })).toThrow(
      /SESSION_SECRET: must be at least 32 bytes in production/,
    );
    expect(parseEnv({ ...production, SESSION_SECRET: `${SECRET_32}, ${"y".repeat(40)}` }).NODE_ENV).toBe("production");
    // A list of nothing but commas names no secret: cookies would be signed with none.
    expect(() => parseEnv({ ...production, SESSION_SECRET: " , ," })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
    // Local use keeps working with anything.
    expect(parseEnv({ SESSION_SECRET: "short" }).SESSION_SECRET).toBe("short");
  });
  it("refuses a missing, short or malformed ENCRYPTION_KEY in production, and a malformed one anywhere", () => {
    const { ENCRYPTION_KEY: _unset, ...withoutKey } = production;
    expect(() => parseEnv(withoutKey)).toThrow(/ENCRYPTION_KEY: is required in production/);
    for (const bad of [KEY.slice(0, 62), `${KEY}00`, `${KEY.slice(0, 63)}g`, "secret", `${KEY},${KEY.slice(2)}`]) {
      expect(() => parseEnv({ ...production, ENCRYPTION_KEY: bad })).toThrow(
        /ENCRYPTION_KEY: must be 64 hex characters \(32 random bytes/,
      );
      expect(() => parseEnv({ ENCRYPTION_KEY: bad })).toThrow(/ENCRYPTION_KEY: must be 64 hex characters/);
    }
    expect(() => parseEnv({ ...production, ENCRYPTION_KEY: `${KEY},${KEY.toUpperCase()}` })).toThrow(
      /ENCRYPTION_KEY: lists the same key twice/,
    );
    const older = "f".repeat(64);
    expect(parseEnv({ ...production, ENCRYPTION_KEY: ` ${KEY.toUpperCase()} , ${older} ` }).ENCRYPTION_KEY).toEqual([
      KEY,
      older,
    ]);
    expect(parseEnv({}).ENCRYPTION_KEY).toBeUndefined();
  });
});

describe("production refuses weak settings", () => {
  it("refuses BCRYPT_COST below 12 and RATE_LIMIT_DISABLED", () => {
    expect(() => parseEnv({ ...production, BCRYPT_COST: "11" })).toThrow(/BCRYPT_COST: must be at least 12/);
    expect(() => parseEnv({ ...production, RATE_LIMIT_DISABLED: "true" })).toThrow(/RATE_LIMIT_DISABLED: is refused/);
    expect(parseEnv({ ...production, BCRYPT_COST: "12" }).BCRYPT_COST).toBe(12);
  });
  it("allows them for tests only on a loopback-bound server, and refuses the flag anywhere else", () => {
    const test = { ...production, BCRYPT_COST: "4", RATE_LIMIT_DISABLED: "true", ALLOW_INSECURE_TEST_SETTINGS: "true" };
    for (const host of ["127.0.0.1", "::1", "localhost"]) expect(parseEnv({ ...test, HOST: host }).BCRYPT_COST).toBe(4);
    for (const host of [undefined, "0.0.0.0", "::", "10.0.0.5"]) {
      expect(() => parseEnv({ ...test, HOST: host })).toThrow(/ALLOW_INSECURE_TEST_SETTINGS: is for test servers only/);
    }
  });
});

describe("marketplace links", () => {
  it("refuses the made-up placeholders in production, naming each variable still unset", () => {
    const unset = Object.fromEntries(Object.keys(MARKETPLACE_PLACEHOLDERS).map((name) => [name, undefined]));
    expect(() => parseEnv({ ...production, ...unset })).toThrow(
      /MARKETPLACE_CHECKOUT_URL: is still the made-up placeholder[\s\S]*MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: is still/,
    );
    const oneLeft = { ...production, MARKETPLACE_DECLINE_URL: undefined };
    expect(() => parseEnv(oneLeft)).toThrow(
      "MARKETPLACE_DECLINE_URL: is still the made-up placeholder https://warriorplus.com/o/nothanks/ai-profit-labs",
    );
    expect(() => parseEnv(oneLeft)).not.toThrow(/MARKETPLACE_CHECKOUT_URL/);
    expect(parseEnv(production).MARKETPLACE_CHECKOUT_URL).toBe(MARKETPLACE_LINKS.MARKETPLACE_CHECKOUT_URL);
  });
  it("keeps them outside production and on a site at this machine's address (`npm start`, tests), and names them", () => {
    expect(placeholderMarketplaceLinks(parseEnv({}))).toEqual(Object.keys(MARKETPLACE_PLACEHOLDERS));
    for (const local of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:8080"]) {
      const env = parseEnv({ ...production, PUBLIC_URL: local, MARKETPLACE_TRIAL_CHECKOUT_URL: undefined });
      expect(placeholderMarketplaceLinks(env)).toEqual(["MARKETPLACE_TRIAL_CHECKOUT_URL"]);
    }
  });
});

describe("TRUST_PROXY", () => {
  it("names what to trust: nothing, Fly's header, or a number of X-Forwarded-For hops", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "FLY" }).TRUST_PROXY).toEqual({ kind: "fly" });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
  });
  it("refuses the old `true` and anything else, saying what it accepts", () => {
    for (const value of ["true", "yes", "-1", "1.5", "loopback"]) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be unset \(no proxy\), `fly`/);
    }
  });
});

describe("WEB_CONCURRENCY", () => {
  const postgres = { ...production, DATABASE_URL: "postgres://app@db.internal:5432/app" };
  it("runs one process unless told otherwise; a number or one per CPU on PostgreSQL in production", () => {
    expect(serverProcessCount(parseEnv(postgres), 8)).toBe(1);
    expect(serverProcessCount(parseEnv({ ...postgres, WEB_CONCURRENCY: "3" }), 8)).toBe(3);
    expect(serverProcessCount(parseEnv({ ...postgres, WEB_CONCURRENCY: "Auto" }), 8)).toBe(8);
    expect(serverProcessCount(parseEnv({ ...postgres, WEB_CONCURRENCY: "auto" }), 1)).toBe(1);
    expect(serverProcessCount(parseEnv({ ...postgres, WEB_CONCURRENCY: "1" }), 8)).toBe(1);
  });
  it("means one process for `auto` on the embedded database and in development", () => {
    expect(serverProcessCount(parseEnv({ ...production, WEB_CONCURRENCY: "auto" }), 8)).toBe(1);
    expect(serverProcessCount(parseEnv({ DATABASE_URL: postgres.DATABASE_URL, WEB_CONCURRENCY: "auto" }), 8)).toBe(1);
  });
  it("refuses several processes on the embedded database or in development, and anything but auto or 1-64", () => {
    expect(() => parseEnv({ ...production, WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: must be 1 with the embedded database/,
    );
    expect(() => parseEnv({ DATABASE_URL: postgres.DATABASE_URL, WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: must be 1 in development/,
    );
    for (const value of ["0", "65", "-1", "1.5", "max", "2 workers"]) {
      expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: value })).toThrow(
        /WEB_CONCURRENCY: must be `auto` \(one process per CPU\) or a number of processes from 1 to 64/,
      );
    }
  });
});
