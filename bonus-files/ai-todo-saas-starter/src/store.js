import fs from "node:fs";
import path from "node:path";

/**
 * A tiny JSON-file database: enough for a prototype and your first users, and easy to swap for
 * PostgreSQL or Supabase later (every read and write goes through the data object and save()).
 * Without a file name the data lives in memory only (used by the tests).
 */
export function openStore(file) {
  let data = { users: [], sessions: [], todos: [] };
  if (file && fs.existsSync(file)) data = JSON.parse(fs.readFileSync(file, "utf8"));

  function save() {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write a temporary file, then rename it: a crash never leaves half a database behind.
    const temporary = file + ".tmp";
    fs.writeFileSync(temporary, JSON.stringify(data, null, 2));
    fs.renameSync(temporary, file);
  }

  return { data, save };
}
