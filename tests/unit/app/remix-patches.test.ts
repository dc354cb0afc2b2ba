// The performance patches in patches/ (applied by `npm install`, docs/decisions/032): each
// keeps per-build work that Remix redid on every request. These tests fail when a patch is not
// applied (a dependency bumped without its patch) and check that matching stays right when the
// kept work is reused. The Docker image's build stage runs this file too.
import { createRequire } from "node:module";
import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { missingPatches } from "../../../scripts/check-patches.js";

const require = createRequire(import.meta.url);
// The CommonJS build, the one the server loads and the patch changes.
const router = require("@remix-run/router") as typeof RemixRouter;

describe("performance patches", () => {
  it("are in the code the server loads: @remix-run/router, @remix-run/react, server-runtime and react-router-dom", () => {
    // The same check the Docker image runs after each of its installs (scripts/check-patches.js).
    expect(missingPatches()).toEqual([]);
  });

  it("hand a loader the request itself when it has nothing to strip, and a stripped copy otherwise", async () => {
    const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
      callRouteLoader: (args: Record<string, unknown>) => Promise<unknown>;
    };
    const seen = (request: Request) =>
      callRouteLoader({
        request,
        loader: ({ request: given }: { request: Request }) => given,
        params: {},
        routeId: "route",
        loadContext: {},
        singleFetch: true,
      }) as Promise<Request>;
    const plain = new Request("http://site.test/dashboard?tab=2", { headers: { Cookie: "a=b" } });
    expect(await seen(plain)).toBe(plain);
    const indexed = await seen(new Request("http://site.test/?index&_routes=root&tab=2"));
    expect(indexed.url).toBe("http://site.test/?tab=2");
    const kept = await seen(new Request("http://site.test/?index=x"));
    expect(kept.url).toBe("http://site.test/?index=x");
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
      return matches && [...matches.map((match) => match.route.id), matches.at(-1)?.params];
    };
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "index", {}]);
      expect(ids("/dashboard/")).toEqual(["root", "dashboard", {}]);
      expect(ids("/course/42")).toEqual(["root", "course", { courseId: "42" }]);
      expect(ids("/Course/new")).toEqual(["root", "Course-exact", {}]);
      expect(ids("/course/new")).toEqual(["root", "course", { courseId: "new" }]);
      expect(ids("/no/such/page")).toEqual(["root", "splat", { "*": "no/such/page" }]);
    }
    // Kept matches are handed out as copies: what one caller changes, the next never sees.
    const first = router.matchRoutes(routes, "/course/42")!;
    (first[1]!.params as Record<string, string>).courseId = "changed";
    first.pop();
    const second = router.matchRoutes(routes, "/course/42")!;
    expect(second).toHaveLength(2);
    expect(second[1]!.params).toEqual({ courseId: "42" });
    expect(second[0]!.params).toBe(second[1]!.params);
    expect(second[1]!.pathname).toBe("/course/42");
    // An encoded path matches as its decoded form, and separately from another spelling's params.
    expect(ids("/course/a%20b")).toEqual(["root", "course", { courseId: "a b" }]);
    // Another array (even with equal contents) is ranked on its own, not mixed with the first.
    const other = [{ id: "only", path: "only" }];
    expect(ids("/only", other)).toEqual(["only", {}]);
    expect(ids("/dashboard", other)).toBeNull();
    expect(router.matchPath("/course/:courseId", "/course/7")?.params).toEqual({ courseId: "7" });
    expect(router.matchPath({ path: "/course", end: false }, "/course/7")?.pathnameBase).toBe("/course");
  });
});
