import { describe, expect, it } from "vitest";
import { inviteUrlFormSchema } from "~/features/community/community-forms";
import { submit } from "../../support/form-submission";

describe("/admin/community's form", () => {
  it("takes an https link, normalised, and empty as no override", () => {
    expect(submit(inviteUrlFormSchema, { inviteUrl: " https://discord.gg/abc " }).value).toEqual({
      inviteUrl: "https://discord.gg/abc",
    });
    expect(submit(inviteUrlFormSchema, { inviteUrl: "  " }).value).toEqual({ inviteUrl: null });
    expect(submit(inviteUrlFormSchema, {}).value).toEqual({ inviteUrl: null });
  });

  it("says why a link is refused", () => {
    const error = (inviteUrl: string) => submit(inviteUrlFormSchema, { inviteUrl }).error;
    expect(error("discord.gg/abc")).toEqual({ inviteUrl: ["Enter the invite link as a full address (https://...)."] });
    expect(error("http://discord.gg/abc")).toEqual({ inviteUrl: ["The invite link must start with https://."] });
    expect(error(`https://discord.gg/${"a".repeat(500)}`)).toEqual({
      inviteUrl: ["The invite link must be at most 500 characters."],
    });
  });
});
