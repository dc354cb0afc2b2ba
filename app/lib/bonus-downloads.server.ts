import { strToU8, zipSync } from "fflate";
import { LAUNCH_PLAN_TEXT } from "~/content/bonus-files/launch-plan.server";
import { PROMPT_VAULT_TEXT } from "~/content/bonus-files/prompt-vault.server";
import { TODO_SAAS_STARTER_FILES } from "~/content/bonus-files/todo-saas-starter.server";
import { BONUS_FILE_NAMES } from "~/content/bonuses";

/**
 * The bonus files (docs/decisions/012-bonus-files-behind-the-member-guard.md): served only by the guarded download route, never from
 * public/. The lookup is an exact-name allowlist, so no request path ever reaches the file system.
 */
// Uint8Array<ArrayBuffer> is what a Response body accepts; fflate's results are copied into one.
export type BonusFile = { contentType: string; body: () => Uint8Array<ArrayBuffer> };

/** The folder the starter unzips into. */
export const STARTER_FOLDER = "ai-todo-saas-starter";
/** A fixed time in the archive keeps the zip byte-for-byte the same from one start to the next. */
const STARTER_MTIME = new Date("2025-06-01T00:00:00Z");

let starterZip: Uint8Array<ArrayBuffer> | undefined;

/** The starter project as a zip, built on first request and kept in memory (about 15 KB). */
export function todoSaasStarterZip(): Uint8Array<ArrayBuffer> {
  starterZip ??= new Uint8Array(
    zipSync(
      Object.fromEntries(
        Object.entries(TODO_SAAS_STARTER_FILES).map(([path, text]) => [`${STARTER_FOLDER}/${path}`, strToU8(text)]),
      ),
      { level: 9, mtime: STARTER_MTIME },
    ),
  );
  return starterZip;
}

const text = (content: string): BonusFile => {
  const bytes = new Uint8Array(strToU8(content));
  return { contentType: "text/plain; charset=utf-8", body: () => bytes };
};

const BONUS_FILES = new Map<string, BonusFile>([
  [BONUS_FILE_NAMES.starter, { contentType: "application/zip", body: todoSaasStarterZip }],
  [BONUS_FILE_NAMES.launchPlan, text(LAUNCH_PLAN_TEXT)],
  [BONUS_FILE_NAMES.promptVault, text(PROMPT_VAULT_TEXT)],
]);

export function findBonusFile(name: string): BonusFile | null {
  return BONUS_FILES.get(name) ?? null;
}
