import { describe, expect, it } from "vitest";
import { announcementFormSchema, stepFormSchema } from "~/features/list/list-admin-forms";
import { schemaErrors } from "~/platform/forms/parse-form";
import { formOf, submit } from "../../support/form-submission";

const id = "3f0b8a4e-6d1c-4a57-9d1e-2b4c5d6e7f80";
const DELAY = "Send after a whole number of hours or days, at most a year.";

describe("the list's admin forms", () => {
  it("takes a step's delay in hours or days and a one-line subject, trimmed", () => {
    expect(submit(stepFormSchema, { id, delay: " 2 ", unit: "days", subject: " S ", body: "B\n" })).toEqual({
      value: { id, delay: " 2 ", unit: "days", subject: "S", body: "B" },
      error: undefined,
    });
  });

  it("names every problem of a step by its field, and the unknown step by its id", () => {
    expect(
      submit(stepFormSchema, { id: "x", delay: "366", unit: "days", subject: "a\nBcc: x@y", body: "" }).error,
    ).toEqual({
      id: ["Unknown step."],
      subject: ["The subject must be one line."],
      body: ["Enter the body."],
      delay: [DELAY],
    });
  });

  it("takes a delay of up to a year, in whole hours or days from 0", () => {
    const delayError = (delay: string, unit: string) =>
      submit(stepFormSchema, { id, delay, unit, subject: "S", body: "B" }).error?.delay;
    for (const [delay, unit] of [
      ["8760", "hours"],
      ["365", "days"],
      ["0", "hours"],
    ] as const)
      expect(delayError(delay, unit)).toBeUndefined();
    for (const [delay, unit] of [
      ["8761", "hours"],
      ["366", "days"],
      ["-1", "hours"],
      ["1.5", "days"],
      ["", "hours"],
      ["soon", "hours"],
    ] as const)
      expect(delayError(delay, unit)).toEqual([DELAY]);
  });

  it("limits a subject and a body", () => {
    expect(
      submit(announcementFormSchema, { subject: "s".repeat(201), body: "b".repeat(20_001), audience: "leads" }).error,
    ).toEqual({
      subject: ["The subject must be at most 200 characters."],
      body: ["The body must be at most 20000 characters."],
    });
  });

  it("takes an announcement with a known audience only", () => {
    expect(submit(announcementFormSchema, { subject: "S", body: "B", audience: "leads" }).value).toEqual({
      subject: "S",
      body: "B",
      audience: "leads",
    });
    for (const audience of ["everyone", "toString", ""])
      expect(submit(announcementFormSchema, { subject: "S", body: "B", audience }).error).toEqual({
        audience: ["Choose who receives it."],
      });
    expect(submit(announcementFormSchema, { subject: " ", body: "" }).error).toEqual({
      subject: ["Enter a subject."],
      body: ["Enter the body."],
      audience: ["Choose who receives it."],
    });
  });

  it("gives the browser the server's messages", () => {
    expect(schemaErrors(formOf({ subject: "", body: "B", audience: "members" }), announcementFormSchema)).toEqual({
      subject: ["Enter a subject."],
    });
    expect(schemaErrors(formOf({ id, delay: "400", unit: "days", subject: "S", body: "B" }), stepFormSchema)).toEqual({
      delay: [DELAY],
    });
  });
});
