// Packs the bonus files (bonus-files/, docs/decisions/039-bonus-files-built-at-build-time.md) into
// build/bonus-files/, where the guarded download route reads them: each folder becomes
// `<folder>.zip` holding its files under `<folder>/`, each file is copied as it is. A step of
// `npm run build`; the Docker image copies build/ whole, so it needs no other folder.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { zipSync } from "fflate";

export const BONUS_SOURCE_DIR = "bonus-files";
export const BONUS_BUILD_DIR = "build/bonus-files";

// Zip stores an entry's time as local wall-clock fields, so a local date gives the same bytes in
// every time zone; with the entries sorted, the same sources always give the same zip.
const ENTRY_TIME = new Date(2025, 5, 1);

/**
 * Every file under `dir`, as sorted paths relative to it with `/` separators.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * The downloads made from a source folder, by file name.
 * @param {string} sourceDir
 * @returns {Map<string, Uint8Array>}
 */
export function packBonuses(sourceDir = BONUS_SOURCE_DIR) {
  const downloads = new Map();
  const entries = fs.readdirSync(sourceDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const full = path.join(sourceDir, entry.name);
    if (entry.isDirectory()) {
      /** @type {import("fflate").Zippable} */
      const files = {};
      for (const file of filesUnder(full)) files[`${entry.name}/${file}`] = fs.readFileSync(path.join(full, file));
      downloads.set(`${entry.name}.zip`, zipSync(files, { level: 9, mtime: ENTRY_TIME }));
    } else if (entry.isFile()) {
      downloads.set(entry.name, fs.readFileSync(full));
    }
  }
  return downloads;
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(process.argv[1]).href) {
  // Written afresh, so a bonus removed from the sources is gone from the build too.
  fs.rmSync(BONUS_BUILD_DIR, { recursive: true, force: true });
  fs.mkdirSync(BONUS_BUILD_DIR, { recursive: true });
  for (const [name, bytes] of packBonuses()) fs.writeFileSync(path.join(BONUS_BUILD_DIR, name), bytes);
}
