import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { downloadMessages } from "~/features/files/downloads.server";
import { stalledDownload, streamedUpload } from "../../support/file-transfer";
import { createUser, signIn } from "../../support/fixtures";
import type { Browser } from "../../support/http";
import { captureLog } from "../../support/log-lines";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 41, finding 4: a member who opens many downloads and stops reading them. Over real HTTP,
 * with clients that read the headers and then nothing: one member has at most 3 downloads running
 * (429 past that), the process at most DOWNLOADS_PER_PROCESS (503), and a download whose client
 * takes no bytes for DOWNLOAD_IDLE_TIMEOUT_MS is closed and its place freed. The idle timeout is
 * shortened here (60 s in production).
 */
const IDLE_MS = 4_000;
/** The server's log line for a download closed by its idle timeout (files/downloads.server.ts). */
const IDLE_CLOSED = "a download's client took nothing: closed";
const log = captureLog();
const MiB = 1024 * 1024;

let app: TestApp;
let admin: Browser;
let href: string;
let bytes: Uint8Array;
const sha256 = (data: Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");

beforeAll(async () => {
  app = await startTestApp(
    { DOWNLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS), DOWNLOADS_PER_PROCESS: "5", LOG_LEVEL: "info" },
    { logTo: log.destination },
  );
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const course = await app.db
    .insertInto("courses")
    .values({ title: `Downloads ${crypto.randomUUID()}`, status: "published" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const chapter = await app.db
    .insertInto("chapters")
    .values({ course_id: course.id, title: "Video", content: "", sort_order: 1, status: "published" })
    .returning("id")
    .executeTakeFirstOrThrow();
  // More than the loopback's socket buffers take in, so a download nobody reads really stalls.
  bytes = new Uint8Array(crypto.randomBytes(16 * MiB));
  const uploaded = await streamedUpload({
    url: `${app.baseUrl}/admin/attachments?course=${course.id}&edit=chapter:${chapter.id}`,
    cookie: admin.cookieHeader(),
    fields: {
      intent: "update-chapter",
      courseId: course.id,
      chapterId: chapter.id,
      title: "Video",
      content: "",
      upload: "file",
    },
    fileName: "lesson.mp4",
    bytes,
  });
  expect(uploaded.status, uploaded.body).toBe(303);
  const { id } = await app.db
    .selectFrom("chapter_attachments")
    .select("id")
    .where("chapter_id", "=", chapter.id)
    .executeTakeFirstOrThrow();
  href = `${app.baseUrl}/course/${course.id}/files/${id}`;
});
afterAll(async () => {
  await app?.close();
});

const newMember = async () => signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);

describe("downloads a member stops reading", () => {
  it("are 3 at once per member: the 4th is refused with 429 until one ends", async () => {
    const member = await newMember();
    const running = await Promise.all([1, 2, 3].map(() => stalledDownload(href, member.cookieHeader())));
    expect(running.map((download) => download.status)).toEqual([200, 200, 200]);

    const refused = await member.get(new URL(href).pathname);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("10");
    expect(await refused.text()).toBe(downloadMessages.memberBusy);
    // A HEAD sends no bytes and takes no place.
    expect((await member.request(new URL(href).pathname, { method: "HEAD" })).status).toBe(200);

    // A client that goes away frees its place at once.
    running.pop()!.destroy();
    const next = await vi.waitFor(
      async () => {
        const download = await stalledDownload(href, member.cookieHeader());
        if (download.status !== 200) download.destroy();
        expect(download.status).toBe(200);
        return download;
      },
      { timeout: 5_000, interval: 100 },
    );
    running.push(next);
    for (const download of running) download.destroy();
  });

  it("are closed, cut short, once their client has taken nothing for the idle timeout; the places come back", async () => {
    const member = await newMember();
    const started = Date.now();
    const running = await Promise.all([1, 2, 3].map(() => stalledDownload(href, member.cookieHeader())));
    // Nobody reads: once the idle timeout has closed them, the member's places are free again.
    const next = await vi.waitFor(
      async () => {
        const download = await stalledDownload(href, member.cookieHeader());
        if (download.status !== 200) download.destroy();
        expect(download.status).toBe(200);
        return download;
      },
      { timeout: IDLE_MS + 10_000, interval: 250 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
    next.destroy();
    // Each has its own idle timer: read only once the server has closed all three, or one that
    // started a moment after the first (which freed the place above) would simply finish.
    await vi.waitFor(
      () => expect(log.lines.filter((line) => line.msg === IDLE_CLOSED).length).toBeGreaterThanOrEqual(3),
      { timeout: IDLE_MS + 10_000, interval: 250 },
    );
    // Read now, each of the three ends short of the file: the server cut it off.
    for (const download of running) {
      const outcome = await download.finish();
      expect(outcome.complete).toBe(false);
      expect(outcome.bytes).toBeLessThan(bytes.byteLength);
    }

    const whole = await member.get(new URL(href).pathname);
    expect(whole.status).toBe(200);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));
  });

  it("are DOWNLOADS_PER_PROCESS at once in all: past that, anyone's is refused with 503", async () => {
    const [first, second, third] = [await newMember(), await newMember(), await newMember()];
    const running = await Promise.all(
      [first, first, first, second, second].map((member) => stalledDownload(href, member.cookieHeader())),
    );
    expect(running.map((download) => download.status)).toEqual([200, 200, 200, 200, 200]);
    const busy = await third.get(new URL(href).pathname);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("60");
    expect(await busy.text()).toBe(downloadMessages.siteBusy);
    for (const download of running) download.destroy();
  });
});
