import { describe, expect, it } from "vitest";
import { emailPreferencesForm, subscriptionForm } from "~/features/list/subscription-forms";
import { errorsOf, valueOf } from "../../support/form-submission";

describe("the member's email preferences", () => {
  it("take the 'Product news' box, which an unchecked box leaves out", () => {
    expect(valueOf(emailPreferencesForm, { intent: "email-preferences", news: "on" })).toEqual({
      intent: "email-preferences",
      news: "on",
    });
    expect(valueOf(emailPreferencesForm, { intent: "email-preferences" })).toEqual({ intent: "email-preferences" });
    expect(Object.keys(errorsOf(emailPreferencesForm, { intent: "name" }))).toEqual(["intent"]);
  });
});

describe("the unsubscribe page's buttons", () => {
  it("take either button, and a mail provider's one-click POST, which names none", () => {
    expect(valueOf(subscriptionForm, { intent: "resubscribe" })).toEqual({ intent: "resubscribe" });
    expect(valueOf(subscriptionForm, { intent: "unsubscribe" })).toEqual({ intent: "unsubscribe" });
    expect(valueOf(subscriptionForm, { "List-Unsubscribe": "One-Click" })).toEqual({});
  });
});
