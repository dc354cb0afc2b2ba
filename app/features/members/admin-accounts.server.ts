import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { generatePassword, hashPassword } from "~/platform/password.server";
import { formatPeriod, RETENTION_LABELS, type RetentionRule } from "~/platform/retention-periods";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/platform/forms/auth-rules";
import { promotionsByCommand, writeAudit } from "~/platform/audit.server";
import { retentionReport } from "~/features/privacy/index.server";
import {
  createUser,
  endCredentials,
  findUserByEmail,
  listAdmins,
  lockAdmins,
  normalizeEmail,
  setAdmin,
  setPassword,
} from "~/features/accounts/index.server";
import { log } from "~/platform/log.server";

/**
 * Who is an admin (docs/decisions/044): start-up creates the ADMIN_EMAIL account once and never
 * changes an existing account; every later change is an explicit command (`npm run admin`, or
 * `node build/server.js --admin` in the built image), which ends the account's credentials and
 * writes an audit row whose actor is the command line.
 */
export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

const COMMAND = "npm run admin --";
const BUILT_COMMAND = "node build/server.js --admin";
/** The audit log's actor for the command: no account acted, whoever had the server's shell did. */
const COMMAND_LINE = { id: null, email: "cli" };

const adminEmail = () => normalizeEmail(env().ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);

/**
 * Start-up's part: creates the ADMIN_EMAIL account as an admin when no account has that address
 * (with ADMIN_PASSWORD, or a password generated and printed once). An existing account is never
 * promoted and its password never reset: whoever signed up with the address first may not be the
 * operator, and the admin's own password change must survive a restart. It says so loudly when
 * the address belongs to an account that is not an admin, and names every other admin.
 */
export async function bootstrapAdmin() {
  const { ADMIN_PASSWORD } = env();
  const email = adminEmail();
  let account = await findUserByEmail(email);
  if (!account) {
    const password = ADMIN_PASSWORD ?? generatePassword();
    const passwordHash = await hashPassword(password);
    const created = await createUser({ email, name: "Admin", passwordHash, isAdmin: true, emailVerified: true });
    if (created && ADMIN_PASSWORD) log.info("seed: created the admin account of ADMIN_EMAIL, with ADMIN_PASSWORD");
    if (created && !ADMIN_PASSWORD) {
      // The one line that holds a password (decision 059): whoever starts a fresh install needs it
      // to sign in, and it is shown only when ADMIN_PASSWORD was left unset, once.
      log.warn(
        { signIn: "/login", adminEmail: email, generatedPassword: password },
        "seed: created the admin account; its password is shown once (set ADMIN_PASSWORD to choose your own)",
      );
    }
    // Someone signed up with the address in the moment between the look-up and the insert.
    if (!created) account = await findUserByEmail(email);
  } else if (ADMIN_PASSWORD && account.isAdmin) {
    log.info(
      { resetPassword: `${COMMAND} reset-password ADMIN_EMAIL` },
      "seed: the admin account of ADMIN_EMAIL exists, so ADMIN_PASSWORD changed nothing (it is used only to " +
        "create the account; you may remove it)",
    );
  }
  if (account && !account.isAdmin) {
    log.warn(
      {
        userId: account.id,
        promote: `${COMMAND} promote ADMIN_EMAIL`,
        promoteInImage: `${BUILT_COMMAND} promote ADMIN_EMAIL`,
      },
      "seed: the account of ADMIN_EMAIL is not an admin, and it was NOT promoted: start-up only creates the " +
        "admin account, it never promotes an existing one (anyone may have signed up with the address); if that " +
        "account is yours, promote it explicitly",
    );
  }
  await warnAboutOtherAdmins(email);
}

/**
 * Admins other than ADMIN_EMAIL's account are noted at every start (by id: the list command names
 * them, and which ones the audit log shows it promoted), never demoted: the operator may have
 * promoted them with the command, or they are left from an earlier ADMIN_EMAIL, which only the
 * operator can tell apart.
 */
async function warnAboutOtherAdmins(email: string) {
  const others = (await listAdmins()).filter((admin) => admin.email !== email);
  if (others.length === 0) return;
  log.warn(
    {
      otherAdmins: others.map((admin) => admin.id),
      list: `${COMMAND} list`,
      demote: `${COMMAND} demote EMAIL`,
      demoteInImage: `${BUILT_COMMAND} demote EMAIL`,
    },
    "seed: besides ADMIN_EMAIL's account, other accounts are admins (the list command names them, and which " +
      "the admin command promoted); start-up never demotes anyone: demote one that should not be an admin",
  );
}

async function describeAdmins(admins: Array<{ id: string; email: string }>): Promise<string[]> {
  const promoted = await promotionsByCommand(admins.map((admin) => admin.id));
  return admins.map((admin) => {
    if (admin.email === adminEmail()) return `${admin.email} (ADMIN_EMAIL)`;
    const at = promoted.get(admin.id);
    return at
      ? `${admin.email} (promoted with the admin command on ${at.toISOString().slice(0, 16).replace("T", " ")} UTC)`
      : `${admin.email} (no promotion by the admin command on record: an earlier ADMIN_EMAIL, or set in the database)`;
  });
}

type Outcome =
  | { status: "done"; email: string; sessions: number }
  | { status: "unchanged"; email: string }
  | { status: "unknown" }
  | { status: "last-admin"; email: string };

/** Makes an existing account an admin; it signs in again, with its own password. */
export async function promoteAdmin(email: string): Promise<Outcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<Outcome> => {
      const account = await findUserByEmail(email, trx);
      if (!account) return { status: "unknown" };
      if (!(await setAdmin(trx, account.id, true))) return { status: "unchanged", email: account.email };
      const { sessions } = await endCredentials(trx, account.id);
      await writeAudit(trx, {
        admin: COMMAND_LINE,
        action: "promote_admin",
        memberId: account.id,
        details: { email: account.email, sessions },
      });
      return { status: "done", email: account.email, sessions };
    });
}

/** Takes the admin flag away, never from the last admin (nobody could open /admin any more). */
export async function demoteAdmin(email: string): Promise<Outcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<Outcome> => {
      const admins = await lockAdmins(trx);
      const account = await findUserByEmail(email, trx);
      if (!account) return { status: "unknown" };
      if (!admins.includes(account.id)) return { status: "unchanged", email: account.email };
      if (admins.length === 1) return { status: "last-admin", email: account.email };
      await setAdmin(trx, account.id, false);
      const { sessions } = await endCredentials(trx, account.id);
      await writeAudit(trx, {
        admin: COMMAND_LINE,
        action: "demote_admin",
        memberId: account.id,
        details: { email: account.email, sessions },
      });
      return { status: "done", email: account.email, sessions };
    });
}

/** Any account's new password; the account's every other way in ends with the old one. */
export async function resetAccountPassword(
  email: string,
  password: string,
  source: "generated" | "standard input",
): Promise<Outcome> {
  const account = await findUserByEmail(email);
  if (!account) return { status: "unknown" };
  const passwordHash = await hashPassword(password); // slow: before the transaction
  return db()
    .transaction()
    .execute(async (trx): Promise<Outcome> => {
      await setPassword(account.id, passwordHash, trx);
      const { sessions } = await endCredentials(trx, account.id);
      await writeAudit(trx, {
        admin: COMMAND_LINE,
        action: "reset_password",
        memberId: account.id,
        details: { email: account.email, sessions, password: source },
      });
      return { status: "done", email: account.email, sessions };
    });
}

/** Where the command's report goes: a terminal, or the test that runs it. */
export type AdminCommandIo = {
  info: (line: string) => void;
  error: (line: string) => void;
  /** The generated password: to the terminal once, never into a log record or the audit log. */
  secret: (line: string) => void;
  readStdin: () => Promise<string>;
};

// Straight to the process's own output, not into the JSON log: a command's answer is for the
// person who ran it, whatever LOG_LEVEL says.
const terminal: AdminCommandIo = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  secret: (line) => process.stdout.write(`${line}\n`),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
};

export const ADMIN_COMMAND_USAGE = `Usage: ${COMMAND} <command>   (in the built image: ${BUILT_COMMAND} <command>)
  list                                     the admin accounts
  promote EMAIL                            make an existing account an admin
  demote EMAIL                             take the admin rights away (never from the last admin)
  reset-password EMAIL                     set a generated password, printed once
  reset-password EMAIL --password-stdin    set the password read from standard input
  retention                                what the next housekeeping run would remove (dry run)
Each change ends the account's sessions, two-factor setup and emailed links, and is
written to the admin audit log (actor "cli").`;

/**
 * `npm run admin -- <command>` (scripts/admin.ts) and `node build/server.js --admin <command>`.
 * Exit codes: 0 done (or nothing to do), 1 refused (unknown address, the last admin, a bad
 * password), 2 a usage error.
 */
export async function runAdminCommand(args: string[], io: AdminCommandIo = terminal): Promise<number> {
  const [command, ...rest] = args;
  const fromStdin = rest.includes("--password-stdin");
  const operands = rest.filter((arg) => arg !== "--password-stdin");

  if (command === "list" && rest.length === 0) {
    const admins = await listAdmins();
    if (admins.length === 0) {
      io.info(`[admin] There is no admin account. Promote one: ${COMMAND} promote EMAIL`);
      return 0;
    }
    io.info(`[admin] ${admins.length === 1 ? "1 admin account" : `${admins.length} admin accounts`}:`);
    for (const line of await describeAdmins(admins)) io.info(`  ${line}`);
    return 0;
  }

  if (command === "retention" && rest.length === 0) {
    // The dry run of the retention periods (decision 056): counts only, nothing is removed.
    const { days, wouldRemove } = await retentionReport();
    io.info("[retention] The next housekeeping run would remove:");
    for (const rule of Object.keys(days) as RetentionRule[]) {
      io.info(`  ${RETENTION_LABELS[rule]} older than ${formatPeriod(days[rule])}: ${wouldRemove[rule]}`);
    }
    return 0;
  }

  const known = command === "promote" || command === "demote" || command === "reset-password";
  const [operand] = operands;
  if (!known || operand === undefined || operands.length !== 1 || (fromStdin && command !== "reset-password")) {
    io.error(ADMIN_COMMAND_USAGE);
    return 2;
  }
  const email = normalizeEmail(operand);

  let outcome: Outcome;
  let generated: string | undefined;
  if (command === "promote") outcome = await promoteAdmin(email);
  else if (command === "demote") outcome = await demoteAdmin(email);
  else {
    const password = fromStdin ? (await io.readStdin()).replace(/\r?\n$/, "") : generatePassword();
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      io.error(
        `[admin] The password from standard input must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters: nothing changed.`,
      );
      return 1;
    }
    outcome = await resetAccountPassword(email, password, fromStdin ? "standard input" : "generated");
    if (outcome.status === "done" && !fromStdin) generated = password;
  }

  switch (outcome.status) {
    case "unknown":
      io.error(`[admin] No account has the address ${email}: nothing changed.`);
      return 1;
    case "last-admin":
      io.error(
        `[admin] ${outcome.email} is the only admin: demoting it would leave nobody who can open /admin, so ` +
          `nothing changed. Promote another account first: ${COMMAND} promote EMAIL`,
      );
      return 1;
    case "unchanged":
      io.info(`[admin] ${outcome.email} ${command === "promote" ? "is already" : "is not"} an admin: nothing changed.`);
      return 0;
    case "done": {
      const done =
        command === "promote"
          ? `${outcome.email} is now an admin`
          : command === "demote"
            ? `${outcome.email} is no longer an admin`
            : `${outcome.email} has a new password`;
      io.info(
        `[admin] ${done}. Ended its ${outcome.sessions} session(s), its two-factor setup and its emailed links; ` +
          `written to the audit log (actor "cli").`,
      );
      if (generated) io.secret(`New password for ${outcome.email} (shown once): ${generated}`);
      return 0;
    }
  }
}
