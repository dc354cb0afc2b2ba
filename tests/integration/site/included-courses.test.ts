import { sql } from "kysely";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INCLUDED_COURSE_MESSAGES } from "~/features/site/included-course-forms";
import { INCLUDED_COURSES, includedCourseOf } from "~/features/site/included-courses";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 40 (decision 063): the deliverables are product content. A production start
 * (SEED_DEMO_CONTENT=false, as fly.toml sets it) installs the Starter, White-label and VIP courses
 * and nothing of the demo; a later start adds only what a product lacks; an admin installs a fresh
 * copy from /admin/products, audited, and no existing course changes.
 */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO_CONTENT: "false" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

/** Every course with its chapters and their files, as stored: what "nothing changed" compares. */
async function snapshot() {
  const courses = await app.db.selectFrom("courses").selectAll().orderBy("created_at").orderBy("id").execute();
  const chapters = await app.db.selectFrom("chapters").selectAll().orderBy("course_id").orderBy("sort_order").execute();
  const files = await app.db
    .selectFrom("chapter_attachments")
    .select(["id", "chapter_id", "file_name", "size_bytes", "storage_key"])
    .orderBy("id")
    .execute();
  return { courses, chapters, files };
}

const installAudits = () =>
  app.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "install_included_course").execute();

async function kitsOf(courseId: string) {
  return app.db
    .selectFrom("chapter_attachments")
    .innerJoin("chapters", "chapters.id", "chapter_attachments.chapter_id")
    .select([
      "chapters.title",
      "chapter_attachments.file_name",
      "chapter_attachments.content_type",
      // The file store keeps a file in parts (decision 068): the whole file is its parts in order.
      sql<Buffer>`(SELECT string_agg(p.bytes, ''::bytea ORDER BY p.part) FROM stored_file_parts p WHERE p.key = chapter_attachments.storage_key)`.as(
        "bytes",
      ),
    ])
    .where("chapters.course_id", "=", courseId)
    .orderBy("chapters.sort_order")
    .execute();
}

describe("a production start (SEED_DEMO_CONTENT=false)", () => {
  it("installs the Starter, White-label and VIP courses, published, with their chapters and the twelve kits", async () => {
    const { courses, chapters } = await snapshot();
    expect(courses.map((course) => [course.required_product, course.title, course.status])).toEqual(
      INCLUDED_COURSES.map((course) => [course.product, course.title, "published"]),
    );
    for (const course of INCLUDED_COURSES) {
      const row = courses.find((stored) => stored.required_product === course.product)!;
      expect(row.description).toBe(course.description);
      expect(
        chapters.filter((chapter) => chapter.course_id === row.id).map((chapter) => [chapter.title, chapter.content]),
      ).toEqual(course.chapters.map((chapter) => [chapter.title, chapter.content]));
    }

    const whiteLabel = courses.find((course) => course.required_product === "white_label")!;
    const kits = await kitsOf(whiteLabel.id);
    expect(kits.map((kit) => kit.file_name)).toEqual(
      includedCourseOf("white_label")!.chapters.map((chapter) => chapter.kit!.fileName),
    );
    expect(kits).toHaveLength(12);
    for (const kit of kits) {
      expect(kit.content_type).toBe("application/zip");
      const names = Object.keys(unzipSync(new Uint8Array(kit.bytes))).map((name) => name.split("/").pop());
      expect(names.sort(), kit.file_name).toEqual(["LICENSE.txt", "README.md", "brand.json", "prompt.txt"]);
    }
  });

  it("adds nothing of the demo: no demo course, no launch dates, no bookings", async () => {
    const titles = (await app.db.selectFrom("courses").select("title").execute()).map((course) => course.title);
    expect(titles).not.toContain("AI SaaS Launch Blueprint");
    const launch = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    expect(launch.cart_opens_at).toBeNull();
    expect(launch.cart_closes_at).toBeNull();
    expect(launch.custom_saas_booked_elsewhere).toBe(0);
  });

  it("the courses open for the owners of their products: a VIP buyer reads the VIP course", async () => {
    const vip = await app.db
      .selectFrom("courses")
      .select("id")
      .where("required_product", "=", "vip")
      .executeTakeFirstOrThrow();
    const buyer = await createUser(app.db, { paid: "stripe-order" });
    await app.db
      .insertInto("access_grants")
      .values({ user_id: buyer.id, reason: "test", product_key: "vip" })
      .execute();
    const { response, document } = await getPage(await signIn(app.baseUrl, buyer.email), `/course/${vip.id}`);
    expect(response.status).toBe(200);
    expect(document.body.textContent).toContain("Price it before you build it");
  });

  it("a second start adds nothing", async () => {
    const before = await snapshot();
    await app.rerunStartup();
    expect(await snapshot()).toEqual(before);
  });

  it("leaves an edited course alone, and installs again only the course of a product no course opens", async () => {
    const starter = await app.db
      .selectFrom("courses")
      .select("id")
      .where("required_product", "=", "starter")
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable("courses")
      .set({ title: "Our own starter course", status: "draft" })
      .where("id", "=", starter.id)
      .execute();
    await app.db.deleteFrom("courses").where("required_product", "=", "vip").execute();
    const before = await snapshot();

    await app.rerunStartup();
    const after = await snapshot();
    // Everything there stays as it was; the one new course is the VIP course.
    expect(after.courses.slice(0, before.courses.length)).toEqual(before.courses);
    expect(after.files).toEqual(before.files);
    const added = after.courses.slice(before.courses.length);
    expect(added.map((course) => [course.required_product, course.title, course.status])).toEqual([
      ["vip", "VIP Priority Extras", "published"],
    ]);
    expect(after.courses.filter((course) => course.required_product === "starter")).toHaveLength(1);
  });
});

describe("'Install the included course' on /admin/products", () => {
  it("lists each product's course with how many courses open the product now", async () => {
    const { response, document } = await getPage(admin, "/admin/products");
    expect(response.status).toBe(200);
    const section = document.querySelector('section[aria-labelledby="included-courses"]')!;
    expect(section.querySelector("h2")?.textContent).toBe("Included courses");
    const forms = [...section.querySelectorAll("form")];
    expect(forms.map((form) => form.querySelector('input[name="product"]')?.getAttribute("value"))).toEqual([
      "starter",
      "white_label",
      "vip",
    ]);
    for (const form of forms) {
      expect(form.getAttribute("method")).toBe("post");
      expect(form.getAttribute("action")).toBe("/admin/products/install");
      expect(form.querySelector("button")?.textContent).toBe("Install the included course");
    }
    expect(section.textContent).toContain("VIP Upgrade: VIP Priority Extras");
    expect(section.textContent).toContain("12 chapters, 12 with a kit to download. 1 course opens this product now.");
  });

  it("installs a fresh draft copy with its kits, audited, and changes no existing course", async () => {
    const before = await snapshot();
    const response = await admin.post("/admin/products/install", { product: "white_label" });
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe("/admin/products");
    const { document } = await getPage(admin, "/admin/products");
    expect(document.querySelector('[role="status"]')?.textContent).toContain(
      "Your 12 White-Label AI Apps was installed as a new draft course",
    );

    const after = await snapshot();
    expect(after.courses.slice(0, before.courses.length)).toEqual(before.courses);
    expect(
      after.chapters.filter((chapter) => before.courses.some((course) => course.id === chapter.course_id)),
    ).toEqual(before.chapters);
    expect(after.files.filter((file) => before.files.some((kept) => kept.id === file.id))).toEqual(before.files);
    const [copy, ...more] = after.courses.slice(before.courses.length);
    expect(more).toEqual([]);
    expect([copy?.required_product, copy?.title, copy?.status]).toEqual([
      "white_label",
      "Your 12 White-Label AI Apps",
      "draft",
    ]);
    expect(await kitsOf(copy!.id)).toHaveLength(12);

    const [audit, ...others] = await installAudits();
    expect(others).toEqual([]);
    expect(audit).toMatchObject({
      admin_email: ADMIN_EMAIL,
      member_id: null,
      details: { product: "white_label", courseId: copy!.id, title: "Your 12 White-Label AI Apps", chapters: 12 },
    });
    // A start after it leaves the copy alone too.
    const installed = await snapshot();
    await app.rerunStartup();
    expect(await snapshot()).toEqual(installed);
  });

  it("is refused to visitors and members, and to a post from another site: nothing installed, nothing audited", async () => {
    const before = await snapshot();
    const audits = (await installAudits()).length;
    const visitor = new Browser(app.baseUrl);
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    expect(redirectTarget(await visitor.post("/admin/products/install", { product: "vip" }))).toMatch(/^\/login/);
    expect(redirectTarget(await member.post("/admin/products/install", { product: "vip" }))).toBe("/dashboard");
    const crossSite = await admin.post(
      "/admin/products/install",
      { product: "vip" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await installAudits()).toHaveLength(audits);
  });

  it("says so for a product without a course or none at all, and installs nothing", async () => {
    const before = await snapshot();
    const audits = (await installAudits()).length;
    for (const [product, message] of [
      ["membership", INCLUDED_COURSE_MESSAGES.noCourse],
      ["nope", INCLUDED_COURSE_MESSAGES.noProduct],
    ] as const) {
      const response = await admin.post("/admin/products/install", { product });
      expect(redirectTarget(response), product).toBe("/admin/products");
      const { document } = await getPage(admin, "/admin/products");
      expect(document.querySelector('[role="alert"]')?.textContent, product).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await installAudits()).toHaveLength(audits);
  });

  it("sends a GET of the form's address to the products page", async () => {
    expect(redirectTarget(await admin.get("/admin/products/install"))).toBe("/admin/products");
  });
});
