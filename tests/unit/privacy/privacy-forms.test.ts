import { describe, expect, it } from "vitest";
import { consentForm, privacyForms } from "~/features/privacy/privacy-forms";
import { errorsOf, valueOf } from "../../support/form-submission";

describe("/account/privacy's forms", () => {
  it("take 'Download my data' and 'Delete my account' with what the account asks for", () => {
    expect(valueOf(privacyForms, { intent: "export" })).toEqual({ intent: "export" });
    expect(
      valueOf(privacyForms, { intent: "delete", confirm_email: "ann@example.com", current_password: "pw", code: "" }),
    ).toEqual({ intent: "delete", confirm_email: "ann@example.com", current_password: "pw" });
    // What the answers must match only the server knows: an empty form is the deletion's to refuse.
    expect(valueOf(privacyForms, { intent: "delete" })).toEqual({ intent: "delete" });
  });

  it("refuse an unknown form", () => {
    expect(errorsOf(privacyForms, { intent: "erase" })).toEqual({
      intent: ["That action is not known. Please try again."],
    });
  });
});

describe("the cookie choice", () => {
  it("takes one of the three choices, where to go back to, and how to answer", () => {
    for (const choice of ["all", "essential", "none"])
      expect(valueOf(consentForm, { choice, returnTo: "/pricing", respond: "data" })).toEqual({
        choice,
        returnTo: "/pricing",
        respond: "data",
      });
  });

  it("says what to choose otherwise", () => {
    for (const fields of [{}, { choice: "ALL" }, { choice: "some" }] as Array<Record<string, string>>)
      expect(errorsOf(consentForm, fields)).toEqual({ choice: ["Choose Decline, Essential Only or Accept All."] });
  });
});
