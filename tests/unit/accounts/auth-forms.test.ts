import { describe, expect, it } from "vitest";
import {
  claimForms,
  emailLinkSchema,
  forgotPasswordSchema,
  linkTokenSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  twoFactorChallengeSchema,
} from "~/features/accounts/auth-forms";
import { errorsOf, valueOf } from "../../support/form-submission";

/** The sign-in, signup and emailed-link forms (docs/product.md §4): what each accepts and what it says. */
describe("the sign-in and signup forms", () => {
  it("take what the pages send", () => {
    expect(valueOf(loginSchema, { email: " ann@example.com ", password: "pw", redirect: "/dashboard" })).toEqual({
      email: "ann@example.com",
      password: "pw",
      redirect: "/dashboard",
    });
    expect(
      valueOf(signupSchema, { name: " Ann ", email: "ann@example.com", password: "long-enough", lead_token: "t" }),
    ).toEqual({ name: "Ann", email: "ann@example.com", password: "long-enough", lead_token: "t" });
  });

  it("say what is wrong", () => {
    expect(errorsOf(loginSchema, {})).toEqual({
      email: ["Email address is required"],
      password: ["Password is required"],
    });
    expect(
      errorsOf(signupSchema, { name: "Visit www.evil.co", email: "x", password: "short", website: "bot" }),
    ).toEqual({
      name: ["Full name cannot contain line breaks, web addresses or email addresses"],
      email: ["Enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      website: ["Your submission could not be processed."],
    });
  });
});

describe("the forms that ask for an emailed link", () => {
  it("take an address, and for a sign-in link where to go next", () => {
    expect(valueOf(forgotPasswordSchema, { email: "ann@example.com", website: "" })).toEqual({
      email: "ann@example.com",
    });
    expect(valueOf(emailLinkSchema, { email: "ann@example.com", redirect: "/course/1" })).toEqual({
      email: "ann@example.com",
      redirect: "/course/1",
    });
  });

  it("say what is wrong with the address, and refuse a filled honeypot", () => {
    expect(errorsOf(emailLinkSchema, { email: "" })).toEqual({ email: ["Email address is required"] });
    expect(errorsOf(emailLinkSchema, { email: `${"a".repeat(250)}@example.com` })).toEqual({
      email: ["Email address is too long"],
    });
    expect(errorsOf(forgotPasswordSchema, { email: "ann@example.com", website: "spam" })).toEqual({
      website: ["Your submission could not be processed."],
    });
  });
});

describe("the pages an emailed link opens", () => {
  it("take a token of up to 200 characters, and nothing else", () => {
    expect(valueOf(linkTokenSchema, { token: "abc" })).toEqual({ token: "abc" });
    expect(valueOf(linkTokenSchema, { token: "t".repeat(200) })).toEqual({ token: "t".repeat(200) });
    expect(Object.keys(errorsOf(linkTokenSchema, { token: "" }))).toEqual(["token"]);
    expect(Object.keys(errorsOf(linkTokenSchema, { token: "t".repeat(201) }))).toEqual(["token"]);
  });

  it("set a new password with the reset link", () => {
    expect(valueOf(resetPasswordSchema, { token: "t", password: "long-enough" })).toEqual({
      token: "t",
      password: "long-enough",
    });
    expect(errorsOf(resetPasswordSchema, { password: "short" })).toEqual({
      token: ["This link is incomplete. Ask for a new one."],
      password: ["Password must be at least 8 characters"],
    });
  });

  it("claim a purchase with a new password, or into the account signed in", () => {
    expect(valueOf(claimForms, { token: "t", password: "long-enough" })).toEqual({
      token: "t",
      password: "long-enough",
    });
    expect(valueOf(claimForms, { intent: "add", token: "t" })).toEqual({ intent: "add", token: "t" });
    expect(errorsOf(claimForms, { token: "t", password: "" })).toEqual({ password: ["Password is required"] });
  });

  it("take the code step's code and where to go after it", () => {
    expect(valueOf(twoFactorChallengeSchema, { code: "123 456", redirect: "/admin" })).toEqual({
      code: "123 456",
      redirect: "/admin",
    });
    expect(valueOf(twoFactorChallengeSchema, { code: "", redirect: "" })).toEqual({});
  });
});
