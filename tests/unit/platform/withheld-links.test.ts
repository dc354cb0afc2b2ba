import { describe, expect, it } from "vitest";
import { openLinkTokens, sealLinkTokens, UnreadableSecret } from "~/platform/at-rest.server";
import { dataKey } from "~/platform/keys.server";
import { resetPasswordEmail } from "~/features/accounts/emails";
import { restoreLinkTokens, WITHHELD, withholdLinkTokens } from "~/platform/mail/withheld-links";

/** Decision 046: what the outbox stores of a message with links, and how delivery puts them back. */
const TOKEN = "J7dMENd-ZDmmEDrDdh2BfkkbRl9lYRMG_g8g2Xb1a0Q";
const LINK = `https://example.test/reset-password?token=${TOKEN}`;

describe("withholding link tokens", () => {
  it("takes every link token out of both parts of a real message and puts them back exactly", () => {
    const mail = resetPasswordEmail({ brand: "AI Profit Labs", link: LINK });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(TOKEN);
      const { body, tokens } = withholdLinkTokens(part);
      expect(body).not.toContain(TOKEN);
      expect(body).toContain(`/reset-password?token=${WITHHELD}`);
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((token) => token === TOKEN)).toBe(true);
      expect(restoreLinkTokens(body, tokens)).toBe(part);
    }
  });

  it("knows other token parameters, escaped ampersands, and leaves short values and plain text alone", () => {
    const other = "AbCdEfGhIjKlMnOpQrSt";
    const body = `a ${LINK}\nb https://x.test/u?list=1&amp;unsubscribe_token=${other}\nc ?token=short token=${TOKEN}`;
    const { body: withheld, tokens } = withholdLinkTokens(body);
    expect(tokens).toEqual([TOKEN, other]);
    expect(withheld).toBe(
      `a https://example.test/reset-password?token=${WITHHELD}\nb https://x.test/u?list=1&amp;unsubscribe_token=${WITHHELD}\nc ?token=short token=${TOKEN}`,
    );
    expect(restoreLinkTokens(withheld, tokens)).toBe(body);
  });

  it("refuses tokens that do not fit the places withheld", () => {
    const { body } = withholdLinkTokens(LINK);
    expect(() => restoreLinkTokens(body, [])).toThrow();
    expect(() => restoreLinkTokens(body, [TOKEN, TOKEN])).toThrow();
  });
});

describe("sealed link tokens", () => {
  const key = dataKey(Buffer.from("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "hex"));
  const other = dataKey(Buffer.from("2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe", "hex"));

  it("open only for their recipient, under a listed key, with a key of their own purpose", () => {
    const sealed = sealLinkTokens(JSON.stringify([TOKEN]), "member@test.example", key);
    expect(sealed).toMatch(new RegExp(`^v1:${key.id}:`));
    expect(sealed).not.toContain(TOKEN);
    expect(openLinkTokens(sealed, "member@test.example", [other, key])).toBe(JSON.stringify([TOKEN]));
    expect(() => openLinkTokens(sealed, "someone-else@test.example", [key])).toThrow(UnreadableSecret);
    expect(() => openLinkTokens(sealed, "member@test.example", [other])).toThrow(UnreadableSecret);
    expect(key.outboxLinks.equals(key.totpSecret)).toBe(false);
  });
});
