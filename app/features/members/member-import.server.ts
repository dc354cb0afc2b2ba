import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { INVITATION_TOKEN_HOURS, invitationEmail } from "./emails";
import { parseImportFile, type MemberInput, type RowCheck } from "./member-import";
import { writeAudit } from "~/platform/audit.server";
import { applyMembers, existingMembers, type ExistingMember } from "./import-store.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { catalogue } from "~/features/catalogue/index.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { CLAIM_TOKEN_HOURS, communityFor, issueClaimLink } from "~/features/accounts/index.server";

/**
 * 'Add member' and 'Import members' on /admin/members (issue 28, decision 055). Both create
 * accounts without a password and grant products the member does not own yet, in one
 * transaction with one audit row; invitations go through the outbox, only when asked for.
 */
type Admin = { id: string; email: string };

export type RowOutcome = { line: number; email: string; outcome: "add" | "member" | "error"; detail: string };
export type ImportPreview =
  | { ok: true; toAdd: number; members: number; errors: number; summary: string; rows: RowOutcome[] }
  | { ok: false; error: string };

const productNames = (keys: readonly string[]) =>
  keys.map((key) => catalogue()[key as keyof ReturnType<typeof catalogue>]?.name ?? key);

function outcomeOf(row: RowCheck, existing: Map<string, ExistingMember>): RowOutcome {
  if (!row.ok) return { line: row.line, email: row.email, outcome: "error", detail: row.error };
  const member = existing.get(row.input.email);
  const missing = row.input.products.filter((product) => !member?.owned.has(product));
  if (member && missing.length === 0)
    return { line: row.line, email: row.email, outcome: "member", detail: "already a member: nothing to add" };
  // An account whose holder never proved the address gets nothing: the grant waits for a claim (decision 067).
  const account = !member
    ? "new account"
    : member.ownsAddress
      ? "existing account"
      : "existing account, address not proven: held for a claim link";
  return {
    line: row.line,
    email: row.email,
    outcome: "add",
    detail: `${account}: ${productNames(missing).join(", ")}`,
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 to add, 1 already a member, 1 error (row 4: invalid email)". */
function summarize(outcomes: readonly RowOutcome[]) {
  const toAdd = outcomes.filter((row) => row.outcome === "add").length;
  const members = outcomes.filter((row) => row.outcome === "member").length;
  const errors = outcomes.filter((row) => row.outcome === "error");
  const shown = errors.slice(0, 5).map((row) => `row ${row.line}: ${row.detail}`);
  if (errors.length > shown.length) shown.push(`${errors.length - shown.length} more`);
  const summary = `${toAdd} to add, ${plural(members, "already a member", "already members")}, ${plural(
    errors.length,
    "error",
    "errors",
  )}${errors.length ? ` (${shown.join("; ")})` : ""}`;
  return { toAdd, members, errors: errors.length, summary };
}

/** The preview of an import file: every row's outcome, nothing written. */
export async function previewImport(text: string, now = new Date()): Promise<ImportPreview> {
  const parsed = parseImportFile(text, catalogue(), now);
  if (!parsed.ok) return parsed;
  const existing = await existingMembers(parsed.rows.filter((row) => row.ok).map((row) => row.email));
  const rows = parsed.rows.map((row) => outcomeOf(row, existing));
  return { ok: true, ...summarize(rows), rows };
}

type Given = { userId: string; name: string; hasPassword: boolean; held: boolean; products: string[] };

/**
 * Invitations for the members who just got something, in the caller's transaction. A grant held
 * for the address (decision 067) sends its mail with a claim link, whether or not the admin asked
 * for invitations: the link is the only way the grant reaches the address's owner.
 */
async function queueInvitations(trx: Database, given: ReadonlyMap<string, Given>, origin: string) {
  const brand = env().BRAND_NAME;
  for (const [email, member] of given) {
    if (member.held) {
      await enqueueEmail(trx, {
        to: email,
        ...invitationEmail({
          brand,
          name: member.name,
          products: productNames(member.products),
          loginUrl: `${origin}/login`,
          link: null,
          claim: {
            link: await issueClaimLink(trx, email, origin),
            forgotUrl: `${origin}/forgot-password`,
            hours: CLAIM_TOKEN_HOURS,
          },
        }),
      });
      continue;
    }
    const link = member.hasPassword
      ? null
      : `${origin}/reset-password?${new URLSearchParams({
          token: await singleUseToken.issue(trx, {
            purpose: "password_reset",
            userId: member.userId,
            hours: INVITATION_TOKEN_HOURS,
            replaceUnused: true,
          }),
        })}`;
    await enqueueEmail(trx, {
      to: email,
      ...invitationEmail({
        brand,
        name: member.name,
        products: productNames(member.products),
        loginUrl: `${origin}/login`,
        link,
        community: await communityFor(trx, member.userId),
      }),
    });
  }
}

/**
 * Applies checked members in one transaction: accounts, grants, invitations (when asked) and one
 * audit row. Who got what is decided inside the transaction, so two submits at once cannot both
 * grant (the second finds the products owned).
 */
async function apply(
  admin: Admin,
  inputs: readonly MemberInput[],
  options: { invite: boolean; origin: string },
  audit: (trx: Database, result: { created: number; granted: number; held: number; invited: number }) => Promise<void>,
) {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await existingMembers(
        inputs.map((input) => input.email),
        trx,
      );
      const { created, grants, held } = await applyMembers(trx, inputs, admin.id);
      const byEmail = new Map(inputs.map((input) => [input.email, input]));
      const given = new Map<string, Given>();
      for (const grant of [...grants.map((g) => ({ ...g, held: false })), ...held.map((g) => ({ ...g, held: true }))]) {
        const entry = given.get(grant.email) ?? {
          userId: grant.userId,
          name: before.get(grant.email)?.name ?? byEmail.get(grant.email)?.name ?? "",
          hasPassword: before.get(grant.email)?.hasPassword ?? false,
          held: grant.held,
          products: [],
        };
        entry.products.push(grant.productKey);
        given.set(grant.email, entry);
      }
      const mailed = new Map([...given].filter(([, member]) => options.invite || member.held));
      await queueInvitations(trx, mailed, options.origin);
      const counts = {
        created: created.size,
        granted: given.size,
        held: held.length,
        invited: options.invite ? given.size : 0,
      };
      await audit(trx, counts);
      return counts;
    });
  if (result.invited > 0 || result.held > 0) kickMailer();
  return result;
}

/** 'Confirm import': the same file again, checked again, applied in one transaction. */
export async function confirmImport(
  admin: Admin,
  text: string,
  options: { invite: boolean; origin: string; fileName: string },
  now = new Date(),
): Promise<
  { ok: true; created: number; granted: number; invited: number; errors: number } | { ok: false; error: string }
> {
  const parsed = parseImportFile(text, catalogue(), now);
  if (!parsed.ok) return parsed;
  const inputs = parsed.rows.flatMap((row) => (row.ok ? [row.input] : []));
  const errors = parsed.rows.length - inputs.length;
  const result = await apply(admin, inputs, options, (trx, counts) =>
    writeAudit(trx, {
      admin,
      action: "import_members",
      memberId: null,
      details: { file: options.fileName.slice(0, 200), rows: parsed.rows.length, errors, ...counts },
    }),
  );
  return { ok: true, created: result.created, granted: result.granted, invited: result.invited, errors };
}

/** 'Add member': one member; returns their account and whether anything was added. */
export async function addMember(admin: Admin, input: MemberInput, options: { invite: boolean; origin: string }) {
  let memberId = "";
  const result = await apply(admin, [input], options, async (trx, counts) => {
    memberId = (await existingMembers([input.email], trx)).get(input.email)!.id;
    await writeAudit(trx, {
      admin,
      action: "add_member",
      memberId,
      details: {
        products: input.products,
        reason: input.reason,
        expiresAt: input.expiresAt?.toISOString() ?? null,
        created: counts.created > 0,
        invited: counts.invited > 0,
      },
    });
  });
  return { memberId, created: result.created > 0, granted: result.granted > 0, invited: result.invited > 0 };
}
