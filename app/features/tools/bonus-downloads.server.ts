import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { BONUS_FILE_NAMES, type BonusFileName } from "./bonuses";

/**
 * The bonus files (docs/decisions/012-bonus-files-behind-the-member-guard.md): served only by the
 * guarded download route, never from public/. Their sources are real files in bonus-files/, packed
 * by `npm run build` (scripts/build-bonuses.js, docs/decisions/039-bonus-files-built-at-build-time.md).
 * The lookup is an exact-name allowlist, so no request path ever reaches the file system.
 */
export type BonusFile = {
  name: BonusFileName;
  contentType: string;
  /** The product that opens it beyond membership (the early bonus), or null for every member. */
  requiredProduct: string | null;
};

const BONUS_FILES = new Map<string, BonusFile>(
  (
    [
      [BONUS_FILE_NAMES.starter, "application/zip", null],
      [BONUS_FILE_NAMES.launchPlan, "text/plain; charset=utf-8", null],
      [BONUS_FILE_NAMES.promptVault, "text/plain; charset=utf-8", null],
      [BONUS_FILE_NAMES.earlyBird, "application/zip", "early_bonus"],
    ] as const
  ).map(([name, contentType, requiredProduct]) => [name, { name, contentType, requiredProduct }]),
);

export function findBonusFile(name: string): BonusFile | null {
  return BONUS_FILES.get(name) ?? null;
}

/** build/bonus-files/: this module is bundled into build/index.js, beside it. */
const BUILT_BONUS_FILES = new URL("./bonus-files/", import.meta.url);

/** A bonus file's bytes as the build packed them (read on each download: they are small and rarely fetched). */
export async function readBonusFile(file: BonusFile): Promise<Buffer<ArrayBuffer>> {
  const location = new URL(file.name, BUILT_BONUS_FILES);
  try {
    return await readFile(location);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const missing = fileURLToPath(location);
    throw new Error(`${missing} is missing: \`npm run build\` packs the bonus files (scripts/build-bonuses.js)`, {
      cause: error,
    });
  }
}
