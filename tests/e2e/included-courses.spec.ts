import { expect, test } from "./fixtures";

/**
 * Issue 40 (decision 063), with JavaScript and without: an admin installs a fresh copy of the VIP
 * course from /admin/products. It arrives as a draft with its chapters, the courses already there
 * stay as they were, and the install is in the activity log under this admin's name.
 */
test("an admin installs a fresh draft copy of the VIP course from /admin/products", async ({ page, db, admin }) => {
  const courses = () =>
    db
      .selectFrom("courses")
      .select(["id", "title", "description", "status", "required_product", "updated_at"])
      .orderBy("created_at")
      .execute();
  const before = await courses();
  expect(before.some((course) => course.required_product === "vip")).toBe(true);

  await page.goto("/admin/products");
  const vip = page.getByRole("listitem").filter({ hasText: "VIP Upgrade: VIP Priority Extras" });
  await vip.getByRole("button", { name: "Install the included course" }).click();
  await expect(page.getByRole("status")).toContainText(
    "VIP Priority Extras was installed as a new draft course: publish it from the Admin Panel.",
  );
  expect(new URL(page.url()).pathname).toBe("/admin/products");

  const audit = await db
    .selectFrom("admin_audit_log")
    .select("details")
    .where("action", "=", "install_included_course")
    .where("admin_id", "=", admin.id)
    .executeTakeFirstOrThrow();
  const courseId = (audit.details as { courseId: string }).courseId;
  const after = await courses();
  const copy = after.find((course) => course.id === courseId);
  expect([copy?.title, copy?.required_product, copy?.status]).toEqual(["VIP Priority Extras", "vip", "draft"]);
  const chapters = await db.selectFrom("chapters").select("id").where("course_id", "=", courseId).execute();
  expect(chapters).toHaveLength(7);
  for (const course of before) expect(after.find((kept) => kept.id === course.id)).toEqual(course);
});
