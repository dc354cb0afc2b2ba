import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, imageMessages } from "~/features/files/images";
import { migrations } from "../../../migrations";
import { createUser, signIn } from "../../support/fixtures";
import { parseHtml } from "../../support/html";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Chapter images (issue 30, decision 057) through real HTTP on both engines: the editor's upload
 * (checked, resized with sharp, stored in PostgreSQL), the stable address that serves it only to
 * those who may open the course, the refusals, and migration 0022 moving data: images out of
 * chapter HTML.
 */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

async function seedCourse(options: { status?: "draft" | "published"; product?: string } = {}) {
  const course = await app.db
    .insertInto("courses")
    .values({
      title: `Pictures ${crypto.randomUUID()}`,
      status: options.status ?? "published",
      required_product: options.product ?? "membership",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return course.id;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();

function imageForm(courseId: string, bytes: Uint8Array, name = "shot.png") {
  const form = new FormData();
  form.set("courseId", courseId);
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  return form;
}

type UploadAnswer = { ok: true; src: string; width: number; height: number } | { ok: false; error: string };
async function upload(courseId: string, bytes: Uint8Array, name?: string) {
  const response = await admin.post("/admin/images", imageForm(courseId, bytes, name), {
    headers: { Accept: "application/json" },
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

/** A PNG whose header claims `width` x `height` pixels, in a file of a few dozen bytes: an image bomb. */
function pngBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("uploading an image", () => {
  it("resizes it to 1600 px wide, stores it in the database and serves it with an immutable cache", async () => {
    const courseId = await seedCourse();
    const { status, body } = await upload(courseId, await png(3000, 1200));
    expect(status).toBe(200);
    if (!body.ok) throw new Error(body.error);
    expect(body).toMatchObject({ width: 1600, height: 640 });
    expect(body.src).toMatch(new RegExp(`^/course/${courseId}/images/[0-9a-f-]{36}$`));

    const row = await app.db
      .selectFrom("chapter_images")
      .innerJoin("stored_file_parts", "stored_file_parts.key", "chapter_images.storage_key")
      .select(["content_type", "width", "height", "size_bytes"])
      .select(sql<number>`sum(length(stored_file_parts.bytes))::int`.as("stored_bytes"))
      .groupBy(["content_type", "width", "height", "size_bytes"])
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: "image/png", width: 1600, height: 640 });
    expect(row.size_bytes).toBe(row.stored_bytes);

    const served = await admin.get(body.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable, no-transform");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 1600, height: 640 });
    // Its id is its validator: a revalidation costs no bytes.
    const again = await admin.get(body.src, { headers: { "If-None-Match": served.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("keeps a small image's size, turns it upright and drops its metadata", async () => {
    const courseId = await seedCourse();
    // 40x20 stored on its side: EXIF orientation 6 says "turn 90 degrees clockwise to show".
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { body } = await upload(courseId, sideways, "phone.jpg");
    if (!body.ok) throw new Error(body.error);
    expect(body).toMatchObject({ width: 20, height: 40 });
    const served = Buffer.from(await (await admin.get(body.src)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses what is not an image, one too big, an image bomb and a missing file, each with a message", async () => {
    const courseId = await seedCourse();
    const count = async () =>
      (await app.db.selectFrom("chapter_images").select("id").where("course_id", "=", courseId).execute()).length;

    const text = await upload(courseId, new TextEncoder().encode("<svg onload=alert(1)>"), "x.png");
    expect(text).toEqual({ status: 415, body: { ok: false, error: imageMessages.notImage } });
    const svg = await upload(courseId, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.svg");
    expect(svg.status).toBe(415);

    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1);
    huge.set(await png(10, 10));
    expect(await upload(courseId, huge)).toEqual({ status: 413, body: { ok: false, error: imageMessages.tooLarge } });

    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(200);
    expect(await upload(courseId, bomb)).toEqual({
      status: 413,
      body: { ok: false, error: imageMessages.tooManyPixels },
    });

    const none = await admin.post(
      "/admin/images",
      (() => {
        const form = new FormData();
        form.set("courseId", courseId);
        return form;
      })(),
    );
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ ok: false, error: imageMessages.chooseFile });

    expect((await upload(crypto.randomUUID(), await png(10, 10))).status).toBe(404);
    expect(await count()).toBe(0);
    expect(
      await app.db.selectFrom("stored_files").select("key").where("key", "like", "images/%").execute(),
    ).toHaveLength((await app.db.selectFrom("chapter_images").select("id").execute()).length);
  });

  it("is for admins only: a member's upload is sent away and stores nothing", async () => {
    const courseId = await seedCourse();
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const response = await member.post("/admin/images", imageForm(courseId, await png(10, 10)));
    expect(response.status).toBe(302);
    expect(redirectTarget(response)).toBe("/dashboard");
    const visitor = await new Browser(app.baseUrl).post("/admin/images", imageForm(courseId, await png(10, 10)));
    expect(redirectTarget(visitor)).toMatch(/^\/login/);
    expect(await app.db.selectFrom("chapter_images").select("id").where("course_id", "=", courseId).execute()).toEqual(
      [],
    );
  });
});

describe("'Add image' without JavaScript", () => {
  async function chapterForm(courseId: string, chapterId: string, image: Uint8Array | null, alt: string) {
    const form = new FormData();
    form.set("intent", "update-chapter");
    form.set("courseId", courseId);
    form.set("chapterId", chapterId);
    form.set("title", "Typed title");
    form.set("content", "<p>Typed content</p>");
    form.set("imageAlt", alt);
    form.set("imageCaption", "A <caption>");
    if (image) form.set("image", new Blob([new Uint8Array(image)]), "shot.png");
    form.set("addImage", "1");
    return admin.post(`/admin/attachments?course=${courseId}&edit=chapter:${chapterId}`, form);
  }

  it("uploads the image and gives the form back as typed with its figure appended, saving nothing", async () => {
    const courseId = await seedCourse();
    const chapter = await app.db
      .insertInto("chapters")
      .values({ course_id: courseId, title: "Saved title", content: "<p>Saved</p>", sort_order: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await chapterForm(courseId, chapter.id, await png(2000, 1000), 'A "wide" chart');
    expect(response.status).toBe(200);
    const document = parseHtml(await response.text());
    const image = await app.db
      .selectFrom("chapter_images")
      .select("id")
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(document.querySelector('textarea[name="content"]')?.textContent).toBe(
      `<p>Typed content</p><figure><img src="/course/${courseId}/images/${image.id}" alt="A &quot;wide&quot; chart" width="1600" height="800"><figcaption>A &lt;caption&gt;</figcaption></figure>`,
    );
    expect(document.querySelector('[role="status"]')?.textContent).toBe(imageMessages.added);
    expect(
      await app.db.selectFrom("chapters").select(["title", "content"]).where("id", "=", chapter.id).executeTakeFirst(),
    ).toEqual({ title: "Saved title", content: "<p>Saved</p>" });
  });

  it("asks for the alt text, and refuses what is not an image, keeping what was typed", async () => {
    const courseId = await seedCourse();
    const chapter = await app.db
      .insertInto("chapters")
      .values({ course_id: courseId, title: "T", content: "<p>Saved</p>", sort_order: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const noAlt = await chapterForm(courseId, chapter.id, await png(10, 10), "  ");
    expect(noAlt.status).toBe(400);
    const page = parseHtml(await noAlt.text());
    expect(page.body.textContent).toContain(imageMessages.altRequired);
    expect(page.querySelector('textarea[name="content"]')?.textContent).toBe("<p>Typed content</p>");
    const notImage = await chapterForm(courseId, chapter.id, new TextEncoder().encode("hello"), "x");
    expect(notImage.status).toBe(415);
    expect(parseHtml(await notImage.text()).body.textContent).toContain(imageMessages.notImage);
    expect(await app.db.selectFrom("chapter_images").select("id").where("course_id", "=", courseId).execute()).toEqual(
      [],
    );
  });
});

describe("the upload's body limit", () => {
  it("is an image's size for an admin's session only: anyone else's body over the form limit is refused first", async () => {
    const courseId = await seedCourse();
    const padded = new Uint8Array(300 * 1024);
    padded.set(await png(10, 10));
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    expect((await member.post("/admin/images", imageForm(courseId, padded))).status).toBe(413);
    // The admin's 300 KB upload is read (and is an image: PNG ignores what follows its end).
    expect((await upload(courseId, padded)).status).toBe(200);
  });
});

describe("who sees a course's images", () => {
  it("those who may open the course; everyone else gets the same 404", async () => {
    const membership = await seedCourse();
    const vipCourse = await seedCourse({ product: "vip" });
    const draft = await seedCourse({ status: "draft" });
    const srcOf = async (courseId: string) => {
      const { body } = await upload(courseId, await png(8, 8));
      if (!body.ok) throw new Error(body.error);
      return body.src;
    };
    const [open, vip, hidden] = [await srcOf(membership), await srcOf(vipCourse), await srcOf(draft)];

    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const vipUser = await createUser(app.db, { paid: "stripe-order" });
    await app.db
      .insertInto("access_grants")
      .values({ user_id: vipUser.id, reason: "test", product_key: "vip" })
      .execute();
    const vipMember = await signIn(app.baseUrl, vipUser.email);
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "none" })).email);
    const visitor = new Browser(app.baseUrl);

    const status = async (browser: Browser, src: string) => (await browser.get(src)).status;
    expect(await status(member, open)).toBe(200);
    expect(await status(member, vip)).toBe(404);
    expect(await status(member, hidden)).toBe(404);
    expect(await status(vipMember, vip)).toBe(200);
    expect(await status(unpaid, open)).toBe(404);
    expect(await status(visitor, open)).toBe(404);
    expect(await status(admin, hidden)).toBe(200);
    // An image asked for under another course's address is no image at all.
    expect(await status(admin, open.replace(membership, vipCourse))).toBe(404);
    expect(await status(admin, `/course/${membership}/images/not-a-uuid`)).toBe(404);
    const refused = await visitor.get(open);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("go with their course: deleting it deletes the images' bytes", async () => {
    const courseId = await seedCourse();
    const { body } = await upload(courseId, await png(8, 8));
    if (!body.ok) throw new Error(body.error);
    const key = (
      await app.db
        .selectFrom("chapter_images")
        .select("storage_key")
        .where("course_id", "=", courseId)
        .executeTakeFirstOrThrow()
    ).storage_key;
    await app.db.deleteFrom("courses").where("id", "=", courseId).execute();
    expect(await app.db.selectFrom("stored_files").select("key").where("key", "=", key).execute()).toEqual([]);
  });
});

describe("migration 0022", () => {
  it("moves a chapter's two data: images into uploads and names them by address", async () => {
    const db = app.db as unknown as Kysely<any>;
    const migration = migrations["0022_chapter_images"]!;
    const courseId = await seedCourse();
    const wide = (await png(2400, 1200)).toString("base64");
    const jpeg = (
      await sharp({ create: { width: 30, height: 10, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer()
    ).toString("base64");
    const content =
      `<h2>Two screenshots</h2><p><img src="data:image/png;base64,${wide}" alt="The whole editor" /></p>` +
      `<p>Between</p><figure><img src="data:image/jpeg;base64,${jpeg}" alt="A detail" width="999" /><figcaption>Close up</figcaption></figure>` +
      `<p><img src="data:image/png;base64,bm90IGFuIGltYWdl" alt="broken" /></p>`;

    // Back to before 0022 (its table gone, and the store's bytes whole again, as before 0029), a
    // chapter as the old editor saved it, then 0022 and 0029 again: 0029 cuts the bytes into parts.
    const parts = migrations["0029_stored_file_parts"]!;
    await parts.down!(db);
    await migration.down!(db);
    const chapter = await app.db
      .insertInto("chapters")
      .values({ course_id: courseId, title: "Shots", content, sort_order: 1, status: "published" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await migration.up(db);
    await parts.up(db);

    const after = (
      await app.db.selectFrom("chapters").select("content").where("id", "=", chapter.id).executeTakeFirstOrThrow()
    ).content;
    const images = await app.db
      .selectFrom("chapter_images")
      .select(["id", "content_type", "width", "height"])
      .where("course_id", "=", courseId)
      .orderBy("width", "desc")
      .execute();
    expect(images).toMatchObject([
      { content_type: "image/png", width: 1600, height: 800 },
      { content_type: "image/jpeg", width: 30, height: 10 },
    ]);
    expect(after).toContain(
      `<p><img alt="The whole editor" src="/course/${courseId}/images/${images[0]!.id}" width="1600" height="800"></p>`,
    );
    expect(after).toContain(
      `<figure><img alt="A detail" src="/course/${courseId}/images/${images[1]!.id}" width="30" height="10"><figcaption>Close up</figcaption></figure>`,
    );
    // The unreadable one is left as it was (the sanitiser shows no data: image); the rest is untouched.
    expect(after).toContain('<img src="data:image/png;base64,bm90IGFuIGltYWdl" alt="broken" />');
    expect(after.length).toBeLessThan(content.length / 10);
    expect(after.startsWith("<h2>Two screenshots</h2>")).toBe(true);

    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const served = await member.get(`/course/${courseId}/images/${images[1]!.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });
});
