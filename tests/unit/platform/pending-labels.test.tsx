// @vitest-environment happy-dom
import { Outlet, useNavigation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { SerializeFrom } from "@remix-run/node";
import ForgotPassword from "~/routes/forgot-password";
import LoginPage, { type loader as loginLoader } from "~/routes/login";
import PaymentOptions, { type loader as planLoader } from "~/routes/payment-options";
import ResetPassword, { type loader as resetLoader } from "~/routes/reset-password";
import SignupPage from "~/routes/signup";

/**
 * Pending labels (app/platform/hooks/use-is-pending.ts): while a form's own action runs, its submit button
 * is disabled and says what is happening. The real route components run in Remix's test router
 * (createRemixStub, docs/decisions/040-create-remix-stub-component-tests.md); the route's loader
 * and action are stand-ins for the server, and the action answers only when the test lets it, so
 * the pending state lasts exactly as long as the test looks at it.
 */
afterEach(cleanup);

/** An action that answers when `release` is called. */
function heldAction() {
  let release = () => {};
  const action = () =>
    new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
  return { action, release: () => release() };
}

const PLAN = {
  configured: true,
  price: { todayCents: 2500, regularCents: 19700 },
  opens: null,
  features: ["Lifetime Updates"],
  formKey: "form-key",
  flash: null,
} satisfies SerializeFrom<typeof planLoader>;

type Case = {
  path: string;
  Component: ComponentType;
  /** What the route's loader would give, checked against its type. */
  loaderData: object | null;
  fields: Record<string, string>;
  idle: string;
  pending: RegExp;
};

const CASES: Case[] = [
  {
    path: "/login",
    Component: LoginPage,
    loaderData: { specialAccess: false } satisfies SerializeFrom<typeof loginLoader>,
    fields: { "Email address": "ada@example.com", Password: "a-long-password" },
    idle: "Sign in",
    // The spinner's own label comes first in the accessible name.
    pending: /Signing in\.\.\.$/,
  },
  {
    path: "/signup",
    Component: SignupPage,
    loaderData: null,
    fields: { "Full Name": "Ada Lovelace", "Email address": "ada@example.com", Password: "a-long-password" },
    idle: "Create account",
    pending: /^Creating account\.\.\.$/,
  },
  {
    path: "/forgot-password",
    Component: ForgotPassword,
    loaderData: null,
    fields: { "Email address": "ada@example.com" },
    idle: "Send reset link",
    pending: /^Sending\.\.\.$/,
  },
  {
    path: "/reset-password",
    Component: ResetPassword,
    loaderData: { token: "a-token", account: "a\u2022\u2022\u2022@example.com" } satisfies SerializeFrom<
      typeof resetLoader
    >,
    fields: { "New password": "a-brand-new-password" },
    idle: "Set password",
    pending: /^Saving\.\.\.$/,
  },
  {
    path: "/payment-options",
    Component: PaymentOptions,
    loaderData: PLAN,
    fields: {},
    idle: "Get Lifetime Access Now",
    pending: /^Processing\.\.\.$/,
  },
];

describe("a submit button while its form's action runs", () => {
  it.each(CASES)("$path: '$idle' is disabled and relabelled, then back", async (page) => {
    const held = heldAction();
    const Stub = createRemixStub([
      { path: page.path, Component: page.Component, loader: () => page.loaderData, action: held.action },
    ]);
    render(<Stub initialEntries={[page.path]} />);
    const button = await screen.findByRole<HTMLButtonElement>("button", { name: page.idle });
    expect(button.disabled).toBe(false);
    for (const [label, value] of Object.entries(page.fields)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }

    fireEvent.click(button);
    const pending = await screen.findByRole<HTMLButtonElement>("button", { name: page.pending });
    expect(pending.disabled).toBe(true);

    held.release();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>("button", { name: page.idle }).disabled).toBe(false),
    );
  });

  it("stays as it is while another form of the page posts elsewhere (the plan page's Logout)", async () => {
    const logout = heldAction();
    // The router's own state beside the page, so the test knows the logout is on its way.
    const WithNavigationState = () => (
      <>
        <output aria-label="navigation">{useNavigation().state}</output>
        <Outlet />
      </>
    );
    const Stub = createRemixStub([
      {
        path: "/",
        Component: WithNavigationState,
        children: [
          {
            path: "payment-options",
            Component: PaymentOptions,
            loader: () => PLAN,
            action: () => null,
          },
          { path: "logout", action: logout.action },
        ],
      },
    ]);
    render(<Stub initialEntries={["/payment-options"]} />);
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(screen.getByRole("status", { name: "navigation" }).textContent).toBe("submitting"));

    const buy = screen.getByRole<HTMLButtonElement>("button", { name: "Get Lifetime Access Now" });
    expect(buy.disabled).toBe(false);
    logout.release();
  });
});
