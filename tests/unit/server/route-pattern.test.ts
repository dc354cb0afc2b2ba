import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../../../server/route-pattern";

const routes = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/_member": { id: "routes/_member", parentId: "root" },
  "routes/_member.dashboard": { id: "routes/_member.dashboard", parentId: "routes/_member", path: "dashboard" },
  "routes/_member.course.$courseId": {
    id: "routes/_member.course.$courseId",
    parentId: "routes/_member",
    path: "course/:courseId",
  },
  "routes/healthz": { id: "routes/healthz", parentId: "root", path: "healthz" },
  "routes/healthz.ready": { id: "routes/healthz.ready", parentId: "routes/healthz", path: "ready" },
  "routes/webhooks.stripe": { id: "routes/webhooks.stripe", parentId: "root", path: "webhooks/stripe" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

describe("route patterns", () => {
  const routeOf = createRouteMatcher(routes);
  it.each([
    ["/", "/"],
    ["/dashboard", "/dashboard"],
    ["/dashboard/", "/dashboard"],
    ["/dashboard.data", "/dashboard"],
    ["/_root.data", "/"],
    ["/course/3f1c0f0e-1111-4a4a-9999-123456789abc", "/course/:courseId"],
    ["/healthz", "/healthz"],
    ["/healthz/ready", "/healthz/ready"],
    ["/webhooks/stripe", "/webhooks/stripe"],
    ["/no/such/page", "/*"],
    ["/favicon.svg", "/*"],
    ["/build/_assets/app-GEBGI7US.css", "/build/*"],
  ])("%s is %s", (pathname, pattern) => {
    expect(routeOf(pathname)).toBe(pattern);
  });
});
