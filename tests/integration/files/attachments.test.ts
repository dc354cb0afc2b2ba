import crypto from "node:crypto";
import http from "node:http";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHITE_LABEL_LICENCE } from "~/features/site/legal";
import { WHITE_LABEL_TOOLS } from "~/features/site/upsells";
import { WHITE_LABEL_COURSE_TITLE } from "~/features/site/white-label-course";
import { attachmentMessages } from "~/features/files/attachments";
import { createUser, signIn } from "../../support/fixtures";
import { parseHtml, valueOf } from "../../support/html";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 25, downloads: chapter attachments uploaded on the admin's chapter form, stored in the
 * database, served to those who may open the course (200/206/416, attachment, revalidated, 304) and a 404
 * to everyone else; the upload's limits (413 before the body is read, the file's own limit, names
 * and types); removal; and the White-label course the seed adds with a real zip per app.
 */
const KiB = 1024;
/** Small, so the tests move little data; the body limit of /admin/attachments is this plus 1 MiB. */
const MAX_BYTES = 256 * KiB;

let app: TestApp;
let admin: Browser;
let member: Browser;

beforeAll(async () => {
  app = await startTestApp({ ATTACHMENT_MAX_BYTES: String(MAX_BYTES) });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
});
afterAll(async () => {
  await app?.close();
});

async function seedChapter(
  options: { chapterStatus?: "draft" | "published"; courseStatus?: "draft" | "published" } = {},
) {
  const course = await app.db
    .insertInto("courses")
    .values({ title: `Files ${crypto.randomUUID()}`, status: options.courseStatus ?? "published" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const chapter = await app.db
    .insertInto("chapters")
    .values({
      course_id: course.id,
      title: "With files",
      content: "<p>Old</p>",
      sort_order: 1,
      status: options.chapterStatus ?? "published",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { courseId: course.id, chapterId: chapter.id };
}

const uploadPath = (courseId: string, chapterId: string) =>
  `/admin/attachments?course=${courseId}&edit=chapter:${chapterId}`;

/** The chapter form as a browser posts it with 'Upload file': every field, and the file. */
function uploadForm(ids: { courseId: string; chapterId: string }, file: Blob, name: string, title = "Typed title") {
  const form = new FormData();
  form.set("intent", "update-chapter");
  form.set("courseId", ids.courseId);
  form.set("chapterId", ids.chapterId);
  form.set("title", title);
  form.set("content", "<p>Typed content</p>");
  form.set("upload", "file");
  form.set("file", file, name);
  return form;
}

async function upload(ids: { courseId: string; chapterId: string }, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const response = await admin.post(uploadPath(ids.courseId, ids.chapterId), uploadForm(ids, new Blob([bytes]), name));
  expect(response.status, await response.clone().text()).toBe(303);
  const row = await app.db
    .selectFrom("chapter_attachments")
    .select(["id", "storage_key"])
    .where("chapter_id", "=", ids.chapterId)
    .where("file_name", "=", name)
    .executeTakeFirstOrThrow();
  return row;
}

const randomBytes = (size: number): Uint8Array<ArrayBuffer> => new Uint8Array(crypto.randomBytes(size));
const fileHref = (courseId: string, id: string) => `/course/${courseId}/files/${id}`;
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** A multipart body written by hand, so the file name is exactly what a hostile client sends. */
function rawMultipart(fields: Record<string, string>, file: { name: string; bytes: string }) {
  const boundary = `----attach${crypto.randomBytes(8).toString("hex")}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.bytes}\r\n`,
  );
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe("an admin uploads a file on the chapter form", () => {
  it("stores it, saves what was typed with it, and returns to the chapter editor", async () => {
    const ids = await seedChapter();
    const bytes = randomBytes(10 * KiB);
    const response = await admin.post(
      uploadPath(ids.courseId, ids.chapterId),
      uploadForm(ids, new Blob([bytes]), "guide.pdf"),
    );
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe(`/admin?course=${ids.courseId}&edit=chapter:${ids.chapterId}`);
    const chapter = await app.db
      .selectFrom("chapters")
      .select(["title", "content"])
      .where("id", "=", ids.chapterId)
      .executeTakeFirstOrThrow();
    expect(chapter).toEqual({ title: "Typed title", content: "<p>Typed content</p>" });

    const row = await app.db
      .selectFrom("chapter_attachments")
      .selectAll()
      .where("chapter_id", "=", ids.chapterId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: "guide.pdf", content_type: "application/pdf", size_bytes: bytes.length });

    // The editor lists it, with its size and a Remove button; the flash names it.
    const page = await (await admin.get(redirectTarget(response)!)).text();
    expect(page).toContain(attachmentMessages.uploaded("guide.pdf"));
    const remove = parseHtml(page).querySelector(`button[name="attachmentId"][value="${row.id}"]`);
    expect(remove?.textContent).toBe("Remove");
    expect(remove?.parentElement?.textContent).toBe("guide.pdf (10 KB)Remove");
  });

  it("refuses a file name with a path in it, and the form comes back as typed", async () => {
    const ids = await seedChapter();
    for (const name of ["../../etc/passwd.txt", "folder/guide.pdf", "C:\\Users\\me\\guide.pdf"]) {
      const { body, type } = rawMultipart(
        {
          intent: "update-chapter",
          courseId: ids.courseId,
          chapterId: ids.chapterId,
          title: "Kept title",
          content: "<p>Kept content</p>",
          upload: "file",
        },
        { name, bytes: "hello" },
      );
      const response = await admin.request(uploadPath(ids.courseId, ids.chapterId), {
        method: "POST",
        body,
        headers: { Origin: app.baseUrl, "Content-Type": type },
      });
      expect(response.status, name).toBe(400);
      const document = parseHtml(await response.text());
      expect(document.querySelector('[id$="-error"]')?.textContent, name).toContain(attachmentMessages.pathInName);
      expect(valueOf(document, 'input[name="title"]'), name).toBe("Kept title");
      expect(valueOf(document, 'textarea[name="content"]'), name).toBe("<p>Kept content</p>");
    }
    expect(
      await app.db.selectFrom("chapter_attachments").select("id").where("chapter_id", "=", ids.chapterId).execute(),
    ).toEqual([]);
    const chapter = await app.db
      .selectFrom("chapters")
      .select("title")
      .where("id", "=", ids.chapterId)
      .executeTakeFirstOrThrow();
    expect(chapter.title).toBe("With files");
  });

  it("refuses a type not on the allow-list, and an empty file", async () => {
    const ids = await seedChapter();
    for (const [name, bytes, message] of [
      ["setup.exe", randomBytes(100), attachmentMessages.badType],
      ["page.html", randomBytes(100), attachmentMessages.badType],
      ["noextension", randomBytes(100), attachmentMessages.badType],
      ["x.constructor", randomBytes(100), attachmentMessages.badType],
      ["empty.txt", new Uint8Array(), attachmentMessages.empty],
    ] as const) {
      const response = await admin.post(
        uploadPath(ids.courseId, ids.chapterId),
        uploadForm(ids, new Blob([bytes]), name),
      );
      expect(response.status, name).toBe(400);
      const document = parseHtml(await response.text());
      expect(document.querySelector('[id$="-error"]')?.textContent, name).toBe(message);
    }
    expect(
      await app.db.selectFrom("chapter_attachments").select("id").where("chapter_id", "=", ids.chapterId).execute(),
    ).toEqual([]);
  });

  it("refuses a file over ATTACHMENT_MAX_BYTES with 413, the form filled in as typed", async () => {
    const ids = await seedChapter();
    const response = await admin.post(
      uploadPath(ids.courseId, ids.chapterId),
      uploadForm(ids, new Blob([randomBytes(MAX_BYTES + 1)]), "big.zip", "Title typed before a big upload"),
    );
    expect(response.status).toBe(413);
    const document = parseHtml(await response.text());
    expect(document.querySelector('[id$="-error"]')?.textContent).toBe(attachmentMessages.tooLarge("256 KB"));
    expect(valueOf(document, 'input[name="title"]')).toBe("Title typed before a big upload");
    expect(
      await app.db.selectFrom("stored_files").select("key").where("key", "like", "attachments/%").execute(),
    ).toHaveLength(await countKits());
  });

  it("answers 413 from the declared length alone, before reading the body", async () => {
    const ids = await seedChapter();
    const { port } = new URL(app.baseUrl);
    const declared = MAX_BYTES + 1024 * KiB + 1;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: uploadPath(ids.courseId, ids.chapterId),
          method: "POST",
          headers: {
            Origin: app.baseUrl,
            Cookie: admin.cookieHeader(),
            "Content-Type": "multipart/form-data; boundary=XYZ",
            "Content-Length": String(declared),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      // A few bytes of the promised body, and no more: the answer must come without the rest.
      request.write("--XYZ\r\n");
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toBe("Request body too large (the limit here is 1.25 MiB).");
  });

  it("lets only admins upload or remove", async () => {
    const ids = await seedChapter();
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "none" })).email);
    for (const browser of [new Browser(app.baseUrl), unpaid, member]) {
      const response = await browser.post(
        uploadPath(ids.courseId, ids.chapterId),
        uploadForm(ids, new Blob([randomBytes(10)]), "x.txt"),
      );
      expect(response.status).toBe(302);
      expect(redirectTarget(response)).toMatch(/^\/(login|dashboard)/);
    }
    expect(
      await app.db.selectFrom("chapter_attachments").select("id").where("chapter_id", "=", ids.chapterId).execute(),
    ).toEqual([]);
    const { id } = await upload(ids, randomBytes(10), "keep.txt");
    const removal = await member.post(uploadPath(ids.courseId, ids.chapterId), {
      intent: "remove-attachment",
      chapterId: ids.chapterId,
      attachmentId: id,
    });
    expect(redirectTarget(removal)).toBe("/dashboard");
    expect(await app.db.selectFrom("chapter_attachments").select("id").where("id", "=", id).execute()).toHaveLength(1);
  });
});

/** The seed's White-label kits are stored files too. */
async function countKits() {
  const rows = await app.db
    .selectFrom("chapter_attachments")
    .select("id")
    .where("storage_key", "like", "attachments/%")
    .execute();
  return rows.length;
}

describe("a member downloads a chapter's file", () => {
  // Over thirty of the store's 64 KiB parts, so a download is read in many pieces.
  const SIZE = 2 * 1024 * KiB + 123;
  let ids: { courseId: string; chapterId: string };
  let bytes: Uint8Array;
  let href: string;

  beforeAll(async () => {
    // Upload directly through the store's path: the limit of this file (256 KiB) is for uploads.
    ids = await seedChapter();
    bytes = randomBytes(SIZE);
    const { id } = await upload(ids, bytes.slice(0, 100 * KiB), "Prüfung “guide” 2025.zip");
    const key = (
      await app.db
        .selectFrom("chapter_attachments")
        .select("storage_key")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    // The store's layout (migration 0029): 64 KiB parts in order.
    await app.db.deleteFrom("stored_file_parts").where("key", "=", key).execute();
    for (let part = 0; part * 64 * KiB < SIZE; part += 1) {
      const slice = bytes.slice(part * 64 * KiB, (part + 1) * 64 * KiB);
      await app.db.insertInto("stored_file_parts").values({ key, part, bytes: slice }).execute();
    }
    await app.db.updateTable("chapter_attachments").set({ size_bytes: SIZE }).where("id", "=", id).execute();
    href = fileHref(ids.courseId, id);
  });

  it("gets the exact bytes, as an attachment with a safe name, revalidated on every use", async () => {
    const response = await member.get(href);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache, no-transform");
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Pr_fung _guide_ 2025.zip"; filename*=UTF-8''Pr%C3%BCfung%20%E2%80%9Cguide%E2%80%9D%202025.zip`,
    );
    expect(Buffer.from(await bytesOf(response)).equals(Buffer.from(bytes))).toBe(true);

    const head = await member.request(href, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(SIZE));
    expect(await head.text()).toBe("");
  });

  it("answers a copy the browser still holds with 304 and no bytes, and a changed one with the file", async () => {
    const etag = (await member.get(href).then(async (response) => (await bytesOf(response), response))).headers.get(
      "ETag",
    )!;
    const again = await member.get(href, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("private, no-cache, no-transform");
    expect(await again.text()).toBe("");

    const other = await member.get(href, { headers: { "If-None-Match": '"another-file"' } });
    expect(other.status).toBe(200);
    expect((await bytesOf(other)).length).toBe(SIZE);
  });

  it("gets a byte range (206), across a chunk boundary, and a suffix range", async () => {
    const start = 1024 * KiB - 10;
    const end = 1024 * KiB + 9;
    const partial = await member.get(href, { headers: { Range: `bytes=${start}-${end}` } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(partial.headers.get("Content-Length")).toBe("20");
    expect(Buffer.from(await bytesOf(partial)).equals(Buffer.from(bytes.slice(start, end + 1)))).toBe(true);

    const suffix = await member.get(href, { headers: { Range: "bytes=-5" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${SIZE - 5}-${SIZE - 1}/${SIZE}`);
    expect(Buffer.from(await bytesOf(suffix)).equals(Buffer.from(bytes.slice(SIZE - 5)))).toBe(true);
  });

  it("gets 416 for a range past the end, and the whole file for a malformed range", async () => {
    const beyond = await member.get(href, { headers: { Range: `bytes=${SIZE}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
    expect(beyond.headers.get("Cache-Control")).toBe("private, no-cache, no-transform");
    expect(await beyond.text()).toBe("");

    const malformed = await member.get(href, { headers: { Range: "bytes=abc" } });
    expect(malformed.status).toBe(200);
    expect((await bytesOf(malformed)).length).toBe(SIZE);

    // A range under an If-Range that no longer matches gets the whole (current) file.
    const stale = await member.get(href, { headers: { Range: "bytes=0-9", "If-Range": '"other"' } });
    expect(stale.status).toBe(200);
    const fresh = await member.get(href, { headers: { Range: "bytes=0-9", "If-Range": stale.headers.get("ETag")! } });
    expect(fresh.status).toBe(206);
  });

  it("lists the chapter's files, with name and size, in the chapter reader", async () => {
    const page = await (await member.get(`/course/${ids.courseId}?chapter=${ids.chapterId}`)).text();
    const link = parseHtml(page).querySelector(`a[href="${href}"]`);
    expect(link?.textContent).toBe("Prüfung “guide” 2025.zip (2 MB)");
  });
});

describe("everyone else gets 404, never a hint the file exists", () => {
  it("visitors, unpaid users, members for a draft, the wrong course, and unknown ids", async () => {
    const ids = await seedChapter();
    const { id } = await upload(ids, randomBytes(64), "secret.txt");
    const draftChapter = await seedChapter({ chapterStatus: "draft" });
    const { id: draftId } = await upload(draftChapter, randomBytes(64), "draft.txt");
    const draftCourse = await seedChapter({ courseStatus: "draft" });
    const { id: draftCourseFileId } = await upload(draftCourse, randomBytes(64), "draft-course.txt");
    const other = await seedChapter();

    const visitor = new Browser(app.baseUrl);
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "none" })).email);
    const refunded = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order-refunded" })).email);
    const refusals: Array<[Browser, string]> = [
      [visitor, fileHref(ids.courseId, id)],
      [unpaid, fileHref(ids.courseId, id)],
      [refunded, fileHref(ids.courseId, id)],
      [member, fileHref(draftChapter.courseId, draftId)],
      [member, fileHref(draftCourse.courseId, draftCourseFileId)],
      [member, fileHref(other.courseId, id)],
      [member, fileHref(ids.courseId, crypto.randomUUID())],
      [member, `/course/${ids.courseId}/files/not-a-uuid`],
      [admin, fileHref(other.courseId, id)],
    ];
    for (const [browser, path] of refusals) {
      // A copy held from before (a refund since) is no pass either: access is checked before freshness.
      const response = await browser.get(path, { headers: { "If-None-Match": `"${id}"` } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe("Not found.");
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(response.headers.get("Content-Disposition"), path).toBeNull();
    }
    // Admins preview drafts, their files included.
    expect((await admin.get(fileHref(draftChapter.courseId, draftId))).status).toBe(200);
    expect((await member.get(fileHref(ids.courseId, id))).status).toBe(200);
  });
});

describe("removing a file", () => {
  it("deletes the row and its bytes; the link then answers 404", async () => {
    const ids = await seedChapter();
    const { id, storage_key } = await upload(ids, randomBytes(300), "notes.md");
    const response = await admin.post(uploadPath(ids.courseId, ids.chapterId), {
      intent: "remove-attachment",
      chapterId: ids.chapterId,
      attachmentId: id,
    });
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe(`/admin?course=${ids.courseId}&edit=chapter:${ids.chapterId}`);
    expect(await (await admin.get(redirectTarget(response)!)).text()).toContain(attachmentMessages.removed);
    expect(await app.db.selectFrom("chapter_attachments").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await app.db.selectFrom("stored_files").select("key").where("key", "=", storage_key).execute()).toEqual([]);
    expect((await member.get(fileHref(ids.courseId, id))).status).toBe(404);

    const again = await admin.post(uploadPath(ids.courseId, ids.chapterId), {
      intent: "remove-attachment",
      chapterId: ids.chapterId,
      attachmentId: id,
    });
    expect(await (await admin.get(redirectTarget(again)!)).text()).toContain(attachmentMessages.gone);
  });

  it("deleting the chapter or the course deletes its files' bytes too", async () => {
    const first = await seedChapter();
    const second = await seedChapter();
    const a = await upload(first, randomBytes(50), "a.txt");
    const b = await upload(second, randomBytes(50), "b.txt");
    await admin.post(`/admin?course=${first.courseId}`, { intent: "delete-chapter", chapterId: first.chapterId });
    await admin.post(`/admin?course=${second.courseId}`, { intent: "delete-course", courseId: second.courseId });
    for (const key of [a.storage_key, b.storage_key]) {
      expect(await app.db.selectFrom("stored_files").select("key").where("key", "=", key).execute()).toEqual([]);
    }
  });

  it("other forms of the admin page still work from /admin/attachments (after a refused upload)", async () => {
    const ids = await seedChapter();
    const response = await admin.post(uploadPath(ids.courseId, ids.chapterId), {
      intent: "set-chapter-status",
      chapterId: ids.chapterId,
      status: "draft",
    });
    expect(response.status).toBe(303);
    const chapter = await app.db
      .selectFrom("chapters")
      .select("status")
      .where("id", "=", ids.chapterId)
      .executeTakeFirstOrThrow();
    expect(chapter.status).toBe("draft");
  });
});

describe("the seed's White-label course", () => {
  it("has one chapter per app of the upsell page, each with a real zip kit, and the licence on the course page", async () => {
    const course = await app.db
      .selectFrom("courses")
      .select(["id", "description"])
      .where("title", "=", WHITE_LABEL_COURSE_TITLE)
      .executeTakeFirstOrThrow();
    const chapters = await app.db
      .selectFrom("chapters")
      .leftJoin("chapter_attachments", "chapter_attachments.chapter_id", "chapters.id")
      .select(["chapters.id", "chapters.title", "chapter_attachments.id as fileId", "chapter_attachments.file_name"])
      .where("chapters.course_id", "=", course.id)
      .orderBy("chapters.sort_order")
      .execute();
    expect(chapters.map((chapter) => chapter.title)).toEqual([...WHITE_LABEL_TOOLS]);

    // The course needs the White-label product: a member without it is sent to the upgrades and
    // gets no kit (the same 404 as for anyone); its owner reads it and downloads every kit.
    const locked = await member.get(`/course/${course.id}`);
    expect(locked.status).toBe(303);
    expect(locked.headers.get("location")).toBe("/upgrades?locked=white_label");
    expect((await member.get(fileHref(course.id, chapters[0]!.fileId!))).status).toBe(404);
    const owner = await createUser(app.db, { paid: "stripe-order" });
    await app.db
      .insertInto("access_grants")
      .values({ user_id: owner.id, reason: "bought the white-label", product_key: "white_label" })
      .execute();
    const licensee = await signIn(app.baseUrl, owner.email);

    const page = await (await licensee.get(`/course/${course.id}?chapter=${chapters[0]!.id}`)).text();
    expect(parseHtml(page).querySelector("aside")?.textContent).toContain(WHITE_LABEL_LICENCE);

    for (const chapter of chapters) {
      expect(chapter.file_name).toMatch(/^[a-z0-9-]+-kit\.zip$/);
      const response = await licensee.get(fileHref(course.id, chapter.fileId!));
      expect(response.status, chapter.title).toBe(200);
      const files = unzipSync(await bytesOf(response));
      const folder = chapter.file_name!.replace(/-kit\.zip$/, "");
      expect(Object.keys(files).sort()).toEqual(
        ["LICENSE.txt", "README.md", "brand.json", "prompt.txt"].map((name) => `${folder}/${name}`),
      );
      expect(strFromU8(files[`${folder}/README.md`]!)).toContain(`# ${chapter.title}: setup guide`);
      expect(strFromU8(files[`${folder}/LICENSE.txt`]!)).toContain(WHITE_LABEL_LICENCE);
      expect(JSON.parse(strFromU8(files[`${folder}/brand.json`]!))).toHaveProperty("appName");
    }
  });
});
