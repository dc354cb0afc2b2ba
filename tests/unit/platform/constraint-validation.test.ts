import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/platform/forms/auth-rules";
import { constraintErrors } from "~/platform/forms/constraint-validation";

const valid = { valueMissing: false, typeMismatch: false, tooShort: false, tooLong: false } as ValidityState;
const form = (validity: Record<string, Partial<ValidityState>>) => ({
  elements: { namedItem: (name: string) => (name in validity ? { validity: { ...valid, ...validity[name] } } : null) },
});
const MESSAGES = {
  email: { valueMissing: AUTH_MESSAGES.emailRequired, typeMismatch: AUTH_MESSAGES.emailInvalid },
  password: { valueMissing: AUTH_MESSAGES.passwordRequired, tooShort: AUTH_MESSAGES.newPasswordTooShort },
};

describe("constraintErrors: the browser's checks with the server's words", () => {
  it("reports the first failed constraint of each field with our message", () => {
    const result = constraintErrors(form({ email: { valueMissing: true }, password: { tooShort: true } }), MESSAGES);
    expect(result).toEqual({
      email: ["Email address is required"],
      password: ["Password must be at least 8 characters"],
    });
    const mismatch = constraintErrors(form({ email: { typeMismatch: true }, password: {} }), MESSAGES);
    expect(mismatch).toEqual({ email: ["Enter a valid email address"] });
  });

  it("passes a form whose inputs are all valid; the server's schema decides the rest", () => {
    expect(constraintErrors(form({ email: {}, password: {} }), MESSAGES)).toEqual({});
  });
});
