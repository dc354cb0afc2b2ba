import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 31, item 8: the HTTP layer's own findings (docs/decisions/049). Raw sockets and raw
 * request targets, so nothing normalises, retries or reads on our behalf. The connection limits
 * are shortened (a controllable value, not a long wait): headers within 1 s, a body at 200 bytes
 * a second after 1 s, for as long as its size needs at that rate (issue 41, decision 068).
 */
const LIMITS = {
  headersTimeoutMs: 1_000,
  checkIntervalMs: 100,
  bodyMinBytesPerSecond: 200,
  bodyGraceMs: 1_000,
};
const METRICS_TOKEN = "security-http-metrics-token";
const KiB = 1024;
const MiB = 1024 * KiB;

let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "60", METRICS_TOKEN }, { httpLimits: LIMITS });
  port = Number(new URL(app.baseUrl).port);
});
afterAll(async () => {
  await app?.close();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One request with exactly this target (sent as is, not normalised) and these headers. */
function request(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: target, headers, agent: false, setHost: !("Host" in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** What a raw connection received, and when and how it ended. */
type Connection = {
  socket: net.Socket;
  received: () => string;
  /** Resolves once the server closed the connection, with the milliseconds since it was opened. */
  closed: Promise<number>;
};

function connect(): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const chunks: Buffer[] = [];
    // Half-open allowed: a client that still uploads keeps sending after the server's FIN, as curl does.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<number>((done) => socket.once("close", () => done(Date.now() - openedAt)));
    socket.on("error", () => {}); // a reset after the answer is the server's right; `closed` still settles
    socket.once("connect", () => resolve({ socket, received: () => Buffer.concat(chunks).toString("latin1"), closed }));
    socket.once("error", reject);
  });
}

/** Writes `text` one slice every `everyMs` until the socket closes; returns the function that stops it. */
function trickle(socket: net.Socket, text: string, sliceBytes: number, everyMs: number): () => void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text.slice(at, at + sliceBytes));
    at += sliceBytes;
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
  return () => clearInterval(timer);
}

/** Resolves with the close time, or rejects when the server still holds the connection after `withinMs`. */
async function closedWithin(connection: Connection, withinMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      connection.socket.destroy();
      reject(new Error(`the server still held the connection after ${withinMs} ms`));
    }, withinMs);
  });
  try {
    return await Promise.race([connection.closed, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe("ranges on static files", () => {
  it.each([
    ["/media/demo.mp4", "bytes=999999999-"],
    ["/media/demo.mp4", "bytes=200000-300000"],
    ["/media/demo-poster.jpg", "bytes=70000-"],
    ["/images/og-image.jpg", "bytes=99999999-"],
    ["/favicon.svg", "bytes=500-600"],
  ])("%s with Range %s answers 416 with the size in Content-Range, and no stack", async (target, range) => {
    const whole = await request("GET", target);
    expect(whole.status).toBe(200);
    const size = Number(whole.headers["content-length"]);

    const response = await request("GET", target, { Range: range });
    expect(response.status).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${size}`);
    expect(response.text).not.toMatch(/\bat \S+ \(|Error|node_modules/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("still answers a satisfiable range with 206", async () => {
    const response = await request("GET", "/media/demo.mp4", { Range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(response.headers["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
    expect(Buffer.byteLength(response.text, "latin1")).toBe(100);
  });
});

describe("slow clients are cut off", () => {
  it("headers trickled in are answered 408 and closed at the headers timeout", async () => {
    const connection = await connect();
    trickle(connection.socket, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(200)}\r\n\r\n`, 1, 100);
    const ms = await closedWithin(connection, 6_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(LIMITS.headersTimeoutMs + 2_000);
  });

  it("a body trickled below the rate floor gets 408 once the grace period is over", async () => {
    const connection = await connect();
    connection.socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: 1000\r\n\r\n`,
    );
    trickle(connection.socket, "a".repeat(1000), 1, 100); // 10 bytes a second, the floor is 200
    const ms = await closedWithin(connection, 6_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(connection.received()).toContain("Request body too slow.");
    expect(ms).toBeLessThan(LIMITS.bodyGraceMs + 1_500);
  });

  it("a body above the floor takes as long as its size needs: no flat request timeout cuts it off", async () => {
    const connection = await connect();
    connection.socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: 1200\r\n\r\n`,
    );
    // 400 bytes a second, twice the floor: 3 s, longer than the 2.5 s the whole request once had.
    const started = Date.now();
    trickle(connection.socket, "a".repeat(1200), 40, 100);
    // Answered once the whole body is in, and not with a 408.
    await vi.waitFor(() => expect(connection.received()).toMatch(/^HTTP\/1\.1 \d{3} /), { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(connection.received()).not.toMatch(/^HTTP\/1\.1 408 /);
    connection.socket.destroy();
  });
});

/**
 * An upload as curl makes it: the body is written on while the answer is read, chunk by chunk. A
 * write that fails because the server reset the connection is what curl reported as "broken
 * pipe" instead of the 413. Here the rest of the body is written after the 413 has arrived, as a
 * client on a real network, slower than loopback, would still be sending it.
 */
async function upload(target: string, bodyBytes: number): Promise<{ statusLine: string; writeError?: string }> {
  const connection = await connect();
  const chunk = Buffer.alloc(64 * KiB, "a");
  const write = (data: Buffer | string) =>
    new Promise<string | undefined>((resolve) => {
      connection.socket.write(data, (error) =>
        resolve(error ? ((error as NodeJS.ErrnoException).code ?? error.message) : undefined),
      );
    });
  let writeError = await write(
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.baseUrl}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
  );
  await vi.waitFor(() => expect(connection.received()).toContain("\r\n"), { timeout: 15_000 });
  for (let sent = 0; sent < bodyBytes && !writeError && !connection.socket.destroyed; sent += chunk.length) {
    writeError = await write(chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent)));
  }
  if (connection.socket.destroyed && !writeError) writeError = "closed before the body was written";
  connection.socket.end();
  await closedWithin(connection, 10_000);
  return { statusLine: connection.received().split("\r\n")[0]!, writeError };
}

describe("a refused body's answer reaches the client", () => {
  it("20 uploads of 2 MiB to a form (limit 64 KiB) all read the 413 and write their whole body", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await upload("/login", 2 * MiB));
    expect(outcomes).toEqual(
      Array.from({ length: 20 }, () => ({ statusLine: "HTTP/1.1 413 Payload Too Large", writeError: undefined })),
    );
  });

  it("an over-limit body that announces itself with Expect: 100-continue gets 413 and never 100", async () => {
    const connection = await connect();
    connection.socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.baseUrl}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * MiB}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await vi.waitFor(() => expect(connection.received()).toContain("\r\n\r\n"), { timeout: 15_000 });
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(connection.received()).not.toContain("100 Continue");
    connection.socket.destroy();
  });

  it("a body within the limit that expects 100-continue is invited, then read", async () => {
    const connection = await connect();
    const body = "email=nobody%40test.example&password=wrong-password";
    connection.socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.baseUrl}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await vi.waitFor(() => expect(connection.received()).toContain("\r\n\r\n"), { timeout: 15_000 });
    expect(connection.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    connection.socket.write(body);
    await vi.waitFor(() => expect(connection.received()).toMatch(/HTTP\/1\.1 400 /), { timeout: 15_000 });
    connection.socket.destroy();
  });
});

/** The page cache's misses so far: each is one render (page_cache_lookups_total, behind METRICS_TOKEN). */
async function cacheMisses(): Promise<number> {
  const response = await request("GET", "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` });
  expect(response.status).toBe(200);
  return Number(/^page_cache_lookups_total\{outcome="miss"\} (\d+)$/m.exec(response.text)?.[1] ?? 0);
}

describe("what makes the page cache render", () => {
  it("50 different Host headers render a page at most once, for PUBLIC_URL's origin", async () => {
    const before = await cacheMisses();
    const pages: Raw[] = [];
    for (let i = 0; i < 50; i++) {
      pages.push(await request("GET", "/privacy-policy", { Host: `attacker-${i}.example`, Accept: "text/html" }));
    }
    expect((await cacheMisses()) - before).toBeLessThanOrEqual(1);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("attacker-");
    }
  });

  it("50 random ?tab values render /demo-swipes at most once, as the page without a tab", async () => {
    const plain = await request("GET", "/demo-swipes", { Accept: "text/html" });
    const before = await cacheMisses();
    for (let i = 0; i < 50; i++) {
      const page = await request("GET", `/demo-swipes?tab=${Math.random().toString(36).slice(2)}`, {
        Accept: "text/html",
      });
      expect(page.status).toBe(200);
      expect(page.text).toBe(plain.text);
    }
    expect((await cacheMisses()) - before).toBeLessThanOrEqual(1);
    // A known tab is its own page still.
    const emails = await request("GET", "/demo-swipes?tab=emails", { Accept: "text/html" });
    expect(emails.text).not.toBe(plain.text);
  });
});

describe("/healthz/ready", () => {
  it("says only ready or not: pending migrations are not listed publicly", async () => {
    expect(JSON.parse((await request("GET", "/healthz/ready")).text)).toEqual({ status: "ready" });
    const newest = await app.db
      .selectFrom("kysely_migration" as never)
      .select([sql<string>`name`.as("name"), sql<string>`timestamp`.as("timestamp")])
      .orderBy(sql`name`, "desc")
      .executeTakeFirstOrThrow();
    await sql`DELETE FROM kysely_migration WHERE name = ${newest.name}`.execute(app.db);
    try {
      const response = await request("GET", "/healthz/ready");
      expect(response.status).toBe(503);
      expect(JSON.parse(response.text)).toEqual({ status: "unavailable" });
      expect(response.text).not.toContain(newest.name);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${newest.name}, ${newest.timestamp})`.execute(
        app.db,
      );
    }
    expect((await request("GET", "/healthz/ready")).status).toBe(200);
  });
});

describe("one normalised path for the CSRF check and for routing", () => {
  // Each names /login once normalised (dot segments, encoded dot segments, encoded letters, doubled
  // and trailing slashes, backslashes), several of them through /webhooks/, which the check exempts.
  const LOGIN_SPELLINGS = [
    "/login",
    "/webhooks/../login",
    "/webhooks/%2e%2e/login",
    "/webhooks/%2E%2E/%6Cogin",
    "/webhooks/stripe/../../login",
    "//webhooks/..//login",
    "/webhooks\\..\\login",
    "/%6Cogin",
    "/login/",
    "//login",
    "/x/./../login",
  ];
  const FORM = "email=nobody%40test.example&password=wrong-password";
  const formHeaders = (origin: string) => ({ Origin: origin, "Content-Type": "application/x-www-form-urlencoded" });

  it.each(LOGIN_SPELLINGS)("a cross-site POST to %s is refused (403)", async (target) => {
    const response = await request("POST", target, formHeaders("https://evil.example"), FORM);
    expect(response.status).toBe(403);
  });

  it.each(LOGIN_SPELLINGS)("a same-site POST to %s reaches the login action", async (target) => {
    // Each for an account and from an address of its own (the test app trusts one proxy), so the
    // login limits stay out of it.
    const n = LOGIN_SPELLINGS.indexOf(target) + 1;
    const headers = { ...formHeaders(app.baseUrl), "X-Forwarded-For": `198.51.100.${n}` };
    const response = await request("POST", target, headers, FORM.replace("nobody", `nobody-${n}`));
    expect(response.status).toBe(400);
    expect(response.text).toContain("Invalid email or password");
  });

  it("the Admin Panel is guarded under every spelling of its path", async () => {
    for (const target of ["/admin", "/%61dmin", "/admin/", "//admin", "/x/../admin", "/webhooks/../%61dmin"]) {
      const response = await request("GET", target);
      expect(response.status, target).toBe(302);
      expect(response.headers.location, target).toMatch(/^\/login\?redirect=%2Fadmin$/);
    }
  });
});
