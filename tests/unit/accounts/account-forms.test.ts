import { describe, expect, it } from "vitest";
import {
  disableTwoFactorForm,
  emailChangeForm,
  firstError,
  nameForm,
  passwordChangeForm,
  profileForms,
  recoveryCodesForm,
  securityForms,
  sessionForms,
  twoFactorForms,
} from "~/features/accounts/account-forms";
import { errorsOf, valueOf } from "../../support/form-submission";

/** The account pages' forms (docs/product.md, "Account"): what each accepts, and what it says to bad input. */
describe("/account's forms", () => {
  it("takes a name, trimmed", () => {
    expect(valueOf(profileForms, { intent: "name", name: "  Ann Lee " })).toEqual({ intent: "name", name: "Ann Lee" });
  });

  it("says what is wrong with a name", () => {
    expect(errorsOf(nameForm, { intent: "name", name: "" })).toEqual({ name: ["Your name is required"] });
    expect(errorsOf(nameForm, { intent: "name", name: "   " })).toEqual({ name: ["Your name is required"] });
    expect(errorsOf(nameForm, { intent: "name", name: "n".repeat(101) })).toEqual({
      name: ["Your name must be at most 100 characters"],
    });
    for (const name of ["Ann\nLee", "see http://evil.example", "ann@example.com"])
      expect(errorsOf(nameForm, { intent: "name", name })).toEqual({
        name: ["Your name cannot contain line breaks, web addresses or email addresses"],
      });
  });

  it("takes a new address with the current password, and says what is missing", () => {
    expect(valueOf(emailChangeForm, { intent: "email", email: " New@Example.com ", current_password: "pw" })).toEqual({
      intent: "email",
      email: "New@Example.com",
      current_password: "pw",
    });
    expect(errorsOf(emailChangeForm, { intent: "email", email: "nope", current_password: "" })).toEqual({
      email: ["Enter a valid email address"],
      current_password: ["Enter your current password"],
    });
    expect(errorsOf(emailChangeForm, { intent: "email", email: "", current_password: "x".repeat(129) })).toEqual({
      email: ["Email address is required"],
      current_password: ["Password is too long"],
    });
  });

  it("passes on the forms that moved to another page, and refuses an unknown one", () => {
    expect(valueOf(profileForms, { intent: "resend-verification" })).toEqual({ intent: "resend-verification" });
    for (const intent of ["password", "disable-2fa", "sign-out-session", "sign-out-others", "email-preferences"])
      expect(valueOf(profileForms, { intent, anything: "else" })).toEqual({ intent });
    for (const fields of [{ intent: "delete-everything" }, {}] as Array<Record<string, string>>)
      expect(errorsOf(profileForms, fields)).toEqual({ intent: ["That action is not known. Please try again."] });
  });
});

describe("/account/security's forms", () => {
  const change = { intent: "password", current_password: "old-password", new_password: "new-password" };

  it("takes a password change, with a matching repeat when one is sent", () => {
    expect(valueOf(securityForms, change)).toEqual(change);
    expect(valueOf(passwordChangeForm, { ...change, confirm_password: "new-password" })).toMatchObject(change);
  });

  it("says what is wrong with a password change", () => {
    expect(errorsOf(passwordChangeForm, { intent: "password" })).toEqual({
      current_password: ["Enter your current password"],
      new_password: ["Password is required"],
    });
    expect(errorsOf(passwordChangeForm, { ...change, new_password: "short" })).toEqual({
      new_password: ["Password must be at least 8 characters"],
    });
    expect(errorsOf(passwordChangeForm, { ...change, new_password: "n".repeat(129) })).toEqual({
      new_password: ["Password must be at most 128 characters"],
    });
    expect(errorsOf(passwordChangeForm, { ...change, confirm_password: "other-password" })).toEqual({
      confirm_password: ["The new passwords do not match"],
    });
  });

  it("takes 'Disable two-factor' with or without the password (the session may have proved it lately)", () => {
    expect(valueOf(disableTwoFactorForm, { intent: "disable-2fa", code: "123 456" })).toEqual({
      intent: "disable-2fa",
      code: "123 456",
    });
    expect(valueOf(securityForms, { intent: "disable-2fa", current_password: "pw", code: "" })).toEqual({
      intent: "disable-2fa",
      current_password: "pw",
    });
  });

  it("refuses an unknown form", () => {
    expect(firstError(errorsOf(securityForms, { intent: "name", name: "Ann" }))).toBe(
      "That action is not known. Please try again.",
    );
  });
});

describe("/account/sessions' forms", () => {
  it("takes one session to sign out (the page checks which), or every other one", () => {
    expect(valueOf(sessionForms, { intent: "sign-out-session", session: "abc" })).toEqual({
      intent: "sign-out-session",
      session: "abc",
    });
    expect(valueOf(sessionForms, { intent: "sign-out-session" })).toEqual({ intent: "sign-out-session" });
    expect(valueOf(sessionForms, { intent: "sign-out-others" })).toEqual({ intent: "sign-out-others" });
    expect(errorsOf(sessionForms, { intent: "sign-out-everyone" })).toEqual({
      intent: ["That action is not known. Please try again."],
    });
  });
});

describe("/account/two-factor's forms", () => {
  it("takes the set-up's start, confirmation and the codes' regeneration", () => {
    expect(valueOf(twoFactorForms, { intent: "start" })).toEqual({ intent: "start" });
    expect(valueOf(twoFactorForms, { intent: "confirm", current_password: "pw", code: "123456" })).toEqual({
      intent: "confirm",
      current_password: "pw",
      code: "123456",
    });
    expect(valueOf(twoFactorForms, { intent: "regenerate", code: "abcde-fghij" })).toEqual({
      intent: "regenerate",
      code: "abcde-fghij",
    });
    expect(errorsOf(twoFactorForms, { intent: "disable" })).toEqual({
      intent: ["That action is not known. Please try again."],
    });
  });

  it("takes the recovery codes posted back for the download, one or many", () => {
    expect(valueOf(recoveryCodesForm, {})).toEqual({});
    expect(valueOf(recoveryCodesForm, { code: "abcde-fghij" })).toEqual({ code: ["abcde-fghij"] });
    expect(valueOf(recoveryCodesForm, { code: ["abcde-fghij", "klmno-pqrst"] })).toEqual({
      code: ["abcde-fghij", "klmno-pqrst"],
    });
  });
});

describe("firstError", () => {
  it("gives the first message of a refused form, for its flash", () => {
    expect(
      firstError({ email: ["Enter a valid email address"], current_password: ["Enter your current password"] }),
    ).toBe("Enter a valid email address");
    expect(firstError({ "": null, name: ["Your name is required"] })).toBe("Your name is required");
    expect(firstError(null)).toBe("Please check the form and try again");
  });
});
