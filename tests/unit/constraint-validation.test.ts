import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../app/lib/validation/auth-rules";
import { parseWithConstraints } from "../../app/lib/validation/constraint-validation";

const valid = { valueMissing: false, typeMismatch: false, tooShort: false, tooLong: false } as ValidityState;
const form = (validity: Record<string, Partial<ValidityState>>) => ({
  elements: { namedItem: (name: string) => (name in validity ? { validity: { ...valid, ...validity[name] } } : null) },
});
const data = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};
const MESSAGES = {
  email: { valueMissing: AUTH_MESSAGES.emailRequired, typeMismatch: AUTH_MESSAGES.emailInvalid },
  password: { valueMissing: AUTH_MESSAGES.passwordRequired, tooShort: AUTH_MESSAGES.newPasswordTooShort },
};

describe("parseWithConstraints: the browser's checks with the server's words", () => {
  it("reports the first failed constraint of each field with our message", () => {
    const result = parseWithConstraints(
      form({ email: { valueMissing: true }, password: { tooShort: true } }),
      data({ email: "", password: "abc" }),
      MESSAGES,
    );
    expect(result.status).toBe("error");
    expect(result.reply().error).toEqual({
      email: ["Email address is required"],
      password: ["Password must be at least 8 characters"],
    });
    const mismatch = parseWithConstraints(
      form({ email: { typeMismatch: true }, password: {} }),
      data({ email: "x", password: "long-enough" }),
      MESSAGES,
    );
    expect(mismatch.reply().error).toEqual({ email: ["Enter a valid email address"] });
  });

  it("passes a form whose inputs are all valid; the server's schema decides the rest", () => {
    const result = parseWithConstraints(
      form({ email: {}, password: {} }),
      data({ email: "a@b", password: "long-enough" }),
      MESSAGES,
    );
    expect(result.status).toBe("success");
  });
});
