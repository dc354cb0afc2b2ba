import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOGUE } from "~/features/catalogue/catalogue";
import {
  addMemberFormSchema,
  memberExportFormSchema,
  memberImportFormSchema,
  memberPrivacyFormSchema,
  refundFormSchema,
  retryEmailFormSchema,
  signInHelpFormSchema,
} from "~/features/members/member-forms";
import { deleteLeadFormSchema } from "~/features/list/list-admin-forms";
import { submit } from "../../support/form-submission";

const UNKNOWN = { intent: ["Unknown action."] };

describe("the admin member pages' forms", () => {
  it("take their buttons' intents and nothing else", () => {
    expect(submit(signInHelpFormSchema, { intent: "sign-out" }).value).toEqual({ intent: "sign-out" });
    expect(submit(signInHelpFormSchema, { intent: "erase" }).error).toEqual(UNKNOWN);
    expect(submit(memberExportFormSchema, { intent: "export" }).value).toEqual({ intent: "export" });
    expect(submit(memberExportFormSchema, {}).error).toEqual(UNKNOWN);
    expect(
      submit(memberPrivacyFormSchema, { intent: "erase", reason: "asked", confirm_email: "a@b.test" }).value,
    ).toEqual({ intent: "erase", reason: "asked", confirm_email: "a@b.test" });
    expect(submit(memberPrivacyFormSchema, { intent: "refund" }).error).toEqual(UNKNOWN);
  });

  it("reads a refund, 'confirm late' ticked or not", () => {
    expect(submit(refundFormSchema, { intent: "refund", order: "o1", reason: "r", confirmLate: "yes" }).value).toEqual({
      intent: "refund",
      order: "o1",
      reason: "r",
      confirmLate: true,
    });
    expect(submit(refundFormSchema, { intent: "refund" }).value).toEqual({
      intent: "refund",
      order: "",
      reason: "",
      confirmLate: false,
    });
    expect(submit(refundFormSchema, { intent: "send-link" }).error).toEqual(UNKNOWN);
  });

  it("wants a CSV file to preview, and takes the previewed file back", () => {
    const file = new File(["email\n"], "members.csv", { type: "text/csv" });
    expect(submit(memberImportFormSchema, { intent: "preview", file, invite: "yes" }).value).toEqual({
      intent: "preview",
      file,
      invite: true,
    });
    const none: Array<Record<string, string | File>> = [
      { intent: "preview" },
      { intent: "preview", file: new File([], "") },
      { intent: "preview", file: new File([], "empty.csv") },
      {},
    ];
    for (const fields of none)
      expect(Object.values(submit(memberImportFormSchema, fields).error ?? {})).toEqual([
        ["Choose a CSV file to import."],
      ]);
    expect(submit(memberImportFormSchema, { intent: "confirm", csv: "email\n", fileName: "m.csv" }).value).toEqual({
      intent: "confirm",
      csv: "email\n",
      fileName: "m.csv",
      invite: false,
    });
  });

  it("adds a member by the import's rules, with 'Add member''s messages", () => {
    const schema = addMemberFormSchema(DEFAULT_CATALOGUE);
    const form = new FormData();
    for (const [name, value] of [
      ["email", " Ann@Example.TEST "],
      ["name", "Ann"],
      ["products", "membership"],
      ["products", "membership"],
      ["reason", "JV partner"],
      ["invite", "yes"],
    ])
      form.append(name!, value!);
    expect(submit(schema, form).value).toEqual({
      email: "ann@example.test",
      name: "Ann",
      products: ["membership"],
      reason: "JV partner",
      expiresAt: null,
      invite: true,
    });
    const refused = (fields: Record<string, string>) => submit(schema, fields).error?.[""];
    expect(refused({ email: "nobody", products: "membership", reason: "r" })).toEqual(["Enter a valid email address."]);
    expect(refused({ email: "a@b.test", name: "see http://x.test", products: "membership", reason: "r" })).toEqual([
      "Enter the name on one line, without special characters.",
    ]);
    expect(refused({ email: "a@b.test", reason: "r" })).toEqual(["Choose at least one product."]);
    expect(refused({ email: "a@b.test", products: "membership" })).toEqual(["Please give a reason."]);
    expect(refused({ email: "a@b.test", products: "gold", reason: "r" })).toEqual([
      "Check the form: unknown product 'gold'.",
    ]);
    expect(refused({ email: "a@b.test", products: "membership", reason: "r", expiresOn: "soon" })).toEqual([
      "Enter 'Expires on' as a date (YYYY-MM-DD).",
    ]);
    expect(refused({ email: "a@b.test", products: "membership", reason: "r", expiresOn: "2020-01-01" })).toEqual([
      "'Expires on' must be today or a later date.",
    ]);
  });
});

describe("/admin/emails's and /admin/leads's buttons", () => {
  const id = "3f0b8a4e-6d1c-4a57-9d1e-2b4c5d6e7f80";
  it("retry a failed message by its id, the list's filter kept", () => {
    expect(submit(retryEmailFormSchema, { intent: "retry", id, status: "failed" }).value).toEqual({
      intent: "retry",
      id,
      status: "failed",
    });
    expect(Object.values(submit(retryEmailFormSchema, { intent: "retry", id: "x" }).error ?? {})).toEqual([
      ["Unknown action."],
    ]);
    expect(Object.values(submit(retryEmailFormSchema, { intent: "cancel", id }).error ?? {})).toEqual([
      ["Unknown action."],
    ]);
  });

  it("delete a lead by its id, the search kept", () => {
    expect(submit(deleteLeadFormSchema, { intent: "delete", id, q: "ann" }).value).toEqual({
      intent: "delete",
      id,
      q: "ann",
    });
    expect(submit(deleteLeadFormSchema, { intent: "delete", id: "1" }).error).toEqual({ id: ["Unknown action."] });
  });
});
