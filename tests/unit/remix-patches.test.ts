// The three performance patches in patches/ (applied by `npm install`, docs/decisions/032): each
// keeps per-build work that Remix redid on every request. These tests fail when a patch is not
// applied (a dependency bumped without its patch) and check that matching stays right when the
// kept work is reused.
import fs from "node:fs";
import { createRequire } from "node:module";
import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// The CommonJS build, the one the server loads and the patch changes.
const router = require("@remix-run/router") as typeof RemixRouter;

const source = (id: string) => fs.readFileSync(require.resolve(id), "utf8");

describe("performance patches", () => {
  it("are applied to the server builds of @remix-run/router, @remix-run/react and react-router-dom", () => {
    expect(source("@remix-run/router")).toContain("function rankedBranchesOf(routes)");
    expect(source("@remix-run/router")).toContain("const compiledPaths = new Map()");
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain(
      "serverRoutesByManifest",
    );
    expect(source("react-router-dom/server")).toContain("dataRoutesByRoutes");
  });

  it("match every path right when a routes array's branches and compiled patterns are reused", () => {
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "index", index: true },
          { id: "dashboard", path: "dashboard" },
          { id: "course", path: "course/:courseId" },
          { id: "Course-exact", path: "Course/new", caseSensitive: true },
          { id: "splat", path: "*" },
        ],
      },
    ];
    // Route ids from the root down, and the params of the deepest match (every match carries them all).
    const ids = (pathname: string, given: typeof routes | Array<{ id: string; path: string }> = routes) => {
      const matches = router.matchRoutes(given, pathname);
      return matches && [...matches.map((match) => match.route.id), matches[matches.length - 1].params];
    };
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "index", {}]);
      expect(ids("/dashboard/")).toEqual(["root", "dashboard", {}]);
      expect(ids("/course/42")).toEqual(["root", "course", { courseId: "42" }]);
      expect(ids("/Course/new")).toEqual(["root", "Course-exact", {}]);
      expect(ids("/course/new")).toEqual(["root", "course", { courseId: "new" }]);
      expect(ids("/no/such/page")).toEqual(["root", "splat", { "*": "no/such/page" }]);
    }
    // Another array (even with equal contents) is ranked on its own, not mixed with the first.
    const other = [{ id: "only", path: "only" }];
    expect(ids("/only", other)).toEqual(["only", {}]);
    expect(ids("/dashboard", other)).toBeNull();
    expect(router.matchPath("/course/:courseId", "/course/7")?.params).toEqual({ courseId: "7" });
    expect(router.matchPath({ path: "/course", end: false }, "/course/7")?.pathnameBase).toBe("/course");
  });
});
