import { describe, expect, it } from "vitest";
import { isCurrentPage } from "~/platform/current-page";

describe("isCurrentPage: a nav link's aria-current", () => {
  it("marks the page itself and the pages below it", () => {
    expect(isCurrentPage("/dashboard", "/dashboard")).toBe(true);
    expect(isCurrentPage("/dashboard/", "/dashboard")).toBe(true);
    expect(isCurrentPage("/admin/members", "/admin")).toBe(true);
    expect(isCurrentPage("/Account", "/account")).toBe(true);
  });

  it("does not mark a page that only starts with the same letters, or every page for /", () => {
    expect(isCurrentPage("/dashboards", "/dashboard")).toBe(false);
    expect(isCurrentPage("/app-builder", "/bolt-prompt")).toBe(false);
    expect(isCurrentPage("/dashboard", "/")).toBe(false);
    expect(isCurrentPage("/", "/")).toBe(true);
  });
});
