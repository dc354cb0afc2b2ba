import { describe, expect, it } from "vitest";
import { adminHref, courseHref, parseAdminView, type AdminView } from "~/features/learning/admin-view";

const C = "11111111-1111-4111-8111-111111111111";
const H = "22222222-2222-4222-8222-222222222222";
const parse = (query: string) => parseAdminView(new URLSearchParams(query));

describe("admin view in the URL", () => {
  it.each<[string, AdminView]>([
    ["", { courseId: null, panel: { kind: "none" } }],
    [`course=${C}`, { courseId: C, panel: { kind: "none" } }],
    ["new=course", { courseId: null, panel: { kind: "new-course" } }],
    [`course=${C}&edit=course`, { courseId: C, panel: { kind: "edit-course" } }],
    [`course=${C}&delete=course`, { courseId: C, panel: { kind: "delete-course" } }],
    [`course=${C}&new=chapter`, { courseId: C, panel: { kind: "new-chapter" } }],
    [`course=${C}&edit=chapter:${H}`, { courseId: C, panel: { kind: "edit-chapter", chapterId: H } }],
    [`course=${C}&delete=chapter:${H}`, { courseId: C, panel: { kind: "delete-chapter", chapterId: H } }],
  ])("?%s round-trips", (query, view) => {
    expect(parse(query)).toEqual(view);
    expect(adminHref(view)).toBe(query ? `/admin?${query}` : "/admin");
  });

  it("ignores ids that are not uuids, and chapter panels without a course", () => {
    expect(parse("course=1%20OR%201=1")).toEqual({ courseId: null, panel: { kind: "none" } });
    expect(parse(`course=${C}&edit=chapter:nope`)).toEqual({ courseId: C, panel: { kind: "none" } });
    expect(parse(`edit=chapter:${H}`)).toEqual({ courseId: null, panel: { kind: "none" } });
    expect(parse("new=chapter")).toEqual({ courseId: null, panel: { kind: "none" } });
  });

  it("closes every panel on the way back to a course", () => {
    expect(courseHref(C)).toBe(`/admin?course=${C}`);
    expect(courseHref(null)).toBe("/admin");
  });
});
