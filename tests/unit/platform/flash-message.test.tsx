// @vitest-environment happy-dom
import { redirect, type SerializeFrom } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FLASH_ID } from "~/platform/ui/flash-message";
import type { Flash } from "~/platform/flash.server";
import PaymentOptions, { type loader as planLoader } from "~/routes/payment-options";

/**
 * The one-time message of the last action (app/platform/ui/flash-message.tsx), as a page renders it
 * from its loader's `flash`: here the plan page, where the password reset lands. The real route
 * component runs in Remix's test router (docs/decisions/040-create-remix-stub-component-tests.md);
 * where it sits on a long page and scrolls into view is the browser's part (tests/e2e/phone.spec.ts).
 */
afterEach(cleanup);

function planPage(flash: () => Flash | null) {
  return createRemixStub([
    {
      path: "/payment-options",
      Component: PaymentOptions,
      loader: () =>
        ({
          configured: true,
          price: { todayCents: 2500, regularCents: 19700 },
          opens: null,
          features: ["Lifetime Updates"],
          formKey: "form-key",
          flash: flash(),
        }) satisfies SerializeFrom<typeof planLoader>,
      action: () => redirect("/payment-options"),
    },
  ]);
}

describe("a flash message", () => {
  it("shows a success as a status, where the #flash fragment points", async () => {
    const Stub = planPage(() => ({ kind: "success", message: "Your password has been updated." }));
    render(<Stub initialEntries={["/payment-options"]} />);
    const flash = await screen.findByRole("status");
    expect(flash.textContent).toBe("Your password has been updated.");
    expect(flash.id).toBe(FLASH_ID);
  });

  it("shows an error as an alert", async () => {
    const Stub = planPage(() => ({ kind: "error", message: "Course not found" }));
    render(<Stub initialEntries={["/payment-options"]} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Course not found");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows nothing without one", async () => {
    const Stub = planPage(() => null);
    render(<Stub initialEntries={["/payment-options"]} />);
    await screen.findByRole("heading", { name: "Choose Your Access Plan" });
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.getElementById(FLASH_ID)).toBeNull();
  });

  it("takes focus when an action's redirect brings it, so screen readers read it out", async () => {
    let flash: Flash | null = null;
    const Stub = planPage(() => flash);
    render(<Stub initialEntries={["/payment-options"]} />);
    const buy = await screen.findByRole("button", { name: "Get Lifetime Access Now" });
    buy.focus();
    expect(document.activeElement).toBe(buy);

    flash = { kind: "success", message: "Saved." };
    fireEvent.click(buy);
    const message = await screen.findByRole("status");
    expect(message.textContent).toBe("Saved.");
    await waitFor(() => expect(document.activeElement).toBe(message));
  });
});
