// @vitest-environment happy-dom
import type { SerializeFrom } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SiteNav } from "~/features/site/site-nav";
import type { RootData } from "~/platform/hooks/use-root-data";
import { lockedHref, LOCKED_TOOLS, type LockedToolKey } from "~/features/catalogue/locked-tools";
import PaymentOptions, { type loader as planLoader } from "~/routes/payment-options";
import type { loader as rootLoader } from "~/root";

/**
 * The navigation's locked member links (docs/product.md §2 navigation, app/features/catalogue/locked-tools.ts): a
 * signed-in user who has not paid sees the member tools with a padlock, each leading to the plan
 * page, which names the tool. The real nav and plan page run in Remix's test router
 * (docs/decisions/040-create-remix-stub-component-tests.md), under a root route whose loader gives
 * the user as the root loader would; that the server renders them so for an unpaid account is in
 * tests/integration/member-tools.test.ts.
 */
afterEach(cleanup);

type User = NonNullable<RootData["user"]>;
const USER: User = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  isAdmin: false,
  hasPaid: false,
  products: [],
  emailVerified: true,
  aal: "aal1",
  hasTwoFactor: false,
};
const LABELS: Record<LockedToolKey, string> = {
  dashboard: "Dashboard",
  "app-builder": "App Builder",
  "app-idea-generator": "Idea Generator",
  bonuses: "Bonuses",
};

function renderNav(user: User | null) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () =>
        ({
          user,
          brand: { name: "AI Profit Labs", supportEmail: "help@example.com" },
          consent: null,
        }) satisfies SerializeFrom<typeof rootLoader>,
      Component: () => (
        <>
          <SiteNav />
          <Outlet />
        </>
      ),
      children: [
        { path: "upgrades", Component: () => <main>Upgrades</main> },
        {
          path: "payment-options",
          Component: PaymentOptions,
          loader: () =>
            ({
              configured: true,
              price: { todayCents: 2500, regularCents: 19700 },
              opens: null,
              features: ["Lifetime Updates"],
              formKey: "form-key",
              flash: null,
            }) satisfies SerializeFrom<typeof planLoader>,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/upgrades"]} />);
  return screen.findByRole("navigation", { name: "Main" });
}

/** Each nav link is there twice: the bar and the mobile menu. */
const linksNamed = (nav: HTMLElement, name: string) => within(nav).queryAllByRole("link", { name });

describe("the member links in the navigation", () => {
  it("are locked for a signed-in user who has not paid, and lead to the plan page", async () => {
    const nav = await renderNav(USER);
    for (const [key, label] of Object.entries(LABELS) as [LockedToolKey, string][]) {
      const locked = linksNamed(nav, `${label} (locked: lifetime access)`);
      expect(locked, label).toHaveLength(2);
      for (const link of locked) expect(link.getAttribute("href"), label).toBe(lockedHref(key));
      expect(linksNamed(nav, label), label).toHaveLength(0);
    }
    // /upgrades and /account are open to every signed-in user.
    for (const link of linksNamed(nav, "Upgrades")) expect(link.getAttribute("href")).toBe("/upgrades");
    expect(linksNamed(nav, "Upgrades")).toHaveLength(2);
    expect(linksNamed(nav, "Account")).toHaveLength(2);
  });

  it("lead to the plan page naming the tool that was asked for", async () => {
    const nav = await renderNav(USER);
    fireEvent.click(linksNamed(nav, "App Builder (locked: lifetime access)")[0]!);
    await screen.findByRole("heading", { name: "Choose Your Access Plan" });
    expect(screen.getByRole("status").textContent).toMatch(
      new RegExp(`^You tried to open ${LOCKED_TOOLS["app-builder"].name}\\. It is part of lifetime access`),
    );
  });

  it("are open for a paid member and for an admin", async () => {
    for (const user of [
      { ...USER, hasPaid: true },
      { ...USER, isAdmin: true },
    ]) {
      const nav = await renderNav(user);
      expect(within(nav).queryAllByRole("link", { name: /locked/ })).toHaveLength(0);
      for (const [key, label] of Object.entries(LABELS) as [LockedToolKey, string][]) {
        const paths = linksNamed(nav, label).map((link) => link.getAttribute("href"));
        expect(paths.length, label).toBe(2);
        // The mobile menu links the app builder through /bolt-prompt (docs/product.md §2).
        for (const path of paths) expect([LOCKED_TOOLS[key].path, "/bolt-prompt"]).toContain(path);
      }
      expect(linksNamed(nav, "Admin Panel")).toHaveLength(user.isAdmin ? 2 : 0);
      cleanup();
    }
  });

  it("open the dashboard and the idea generator for a starter owner (a lead's account), the rest locked", async () => {
    const nav = await renderNav({ ...USER, products: ["starter"] });
    for (const [key, label] of Object.entries(LABELS) as [LockedToolKey, string][]) {
      const open = key === "dashboard" || key === "app-idea-generator";
      const links = linksNamed(nav, open ? label : `${label} (locked: lifetime access)`);
      expect(links, label).toHaveLength(2);
      for (const link of links)
        expect(link.getAttribute("href"), label).toBe(open ? LOCKED_TOOLS[key].path : lockedHref(key));
    }
  });

  it("are not shown to a visitor, who gets Login", async () => {
    const nav = await renderNav(null);
    for (const label of [...Object.values(LABELS), "Upgrades", "Account"]) {
      expect(linksNamed(nav, label), label).toHaveLength(0);
    }
    expect(linksNamed(nav, "Login")).toHaveLength(2);
  });
});
