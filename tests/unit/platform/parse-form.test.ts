import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema, resetPasswordSchema, signupSchema } from "~/features/accounts/auth-forms";
import { leadSchema } from "~/features/list/lead-form";
import { schemaErrors } from "~/platform/forms/parse-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The browser's parser (no zod coercion layer) must say exactly what the server's says. */
describe("schemaErrors gives the browser the server's messages", () => {
  const cases: Array<
    [
      string,
      typeof loginSchema | typeof signupSchema | typeof resetPasswordSchema | typeof leadSchema,
      Record<string, string>,
    ]
  > = [
    ["empty login", loginSchema, { email: "", password: "" }],
    ["bad email", loginSchema, { email: "not-an-email", password: "x" }],
    ["spaces only", loginSchema, { email: "   ", password: "pw" }],
    ["long email", loginSchema, { email: `${"a".repeat(250)}@example.com`, password: "pw" }],
    ["honeypot filled", loginSchema, { email: "a@b.co", password: "pw", website: "spam" }],
    ["valid login", loginSchema, { email: " A@Example.com ", password: "pw", redirect: "/dashboard" }],
    ["empty signup", signupSchema, { name: "", email: "", password: "" }],
    ["short password", signupSchema, { name: "Ann", email: "ann@example.com", password: "short" }],
    ["long name", signupSchema, { name: "n".repeat(101), email: "ann@example.com", password: "long-enough" }],
    ["valid signup", signupSchema, { name: " Ann ", email: "ann@example.com", password: "long-enough" }],
    ["reset without token", resetPasswordSchema, { password: "long-enough" }],
    ["lead without a name", leadSchema, { email: "lead@example.com", name: "" }],
    ["lead with a long name", leadSchema, { email: "bad", name: "n".repeat(101) }],
  ];

  it.each(cases)("%s", (_label, schema, fields) => {
    const server = parseWithZod(form(fields), { schema });
    expect(schemaErrors(form(fields), schema)).toEqual(server.reply().error ?? {});
  });

  it("reports the spec's wording", () => {
    expect(schemaErrors(form({ email: "", password: "" }), loginSchema)).toEqual({
      email: ["Email address is required"],
      password: ["Password is required"],
    });
  });
});
