import { describe, expect, it } from "vitest";
import { applicationSchema } from "~/features/launch/custom-saas-form";
import { errorsOf, valueOf } from "../../support/form-submission";

/** The /custom-saas/apply form (decision 051). */
describe("the custom SaaS application form", () => {
  const good = { projectName: " App ", description: "d", availability: "a", hosting: "own" };

  it("takes every field, trimmed, and a known hosting choice", () => {
    expect(valueOf(applicationSchema, good)).toEqual({
      projectName: "App",
      description: "d",
      availability: "a",
      hosting: "own",
    });
    for (const hosting of ["recommend", "undecided"])
      expect(valueOf(applicationSchema, { ...good, hosting })).toMatchObject({ hosting });
  });

  it("says what each missing, blank or overlong field needs", () => {
    const missing = {
      projectName: ["Enter a project name (up to 120 characters)."],
      description: ["Describe your app (up to 5,000 characters)."],
      availability: ["Tell us when you are available (up to 500 characters)."],
      hosting: ["Choose a hosting preference."],
    };
    expect(errorsOf(applicationSchema, {})).toEqual(missing);
    expect(
      errorsOf(applicationSchema, { projectName: " ", description: "  ", availability: "\n", hosting: "moon" }),
    ).toEqual(missing);
    expect(
      errorsOf(applicationSchema, {
        projectName: "p".repeat(121),
        description: "d".repeat(5001),
        availability: "a".repeat(501),
        hosting: "own",
      }),
    ).toEqual({
      projectName: missing.projectName,
      description: missing.description,
      availability: missing.availability,
    });
  });
});
