// `node scripts/check-patches.js`: exits 1, naming what is missing, when the code the server loads
// lacks one of the patches in patches/ (docs/decisions/032). `patch-package --error-on-fail`
// (postinstall) already stops an install whose patch no longer applies; this catches a patch that
// was never applied to the copy the server runs: a dependency bumped with its patch left behind
// under the old version's name, or a second copy of a package installed where its user finds it
// first. Run by both stages of the Dockerfile after `npm install` and by
// tests/unit/app/remix-patches.test.ts; plain JavaScript, so the production image (no dev
// dependencies, no TypeScript) runs it too.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Per patched file: the packages the server goes through to load it (from the project's own
 * dependencies down, each resolved from the one before, as Node finds them at run time), the file,
 * and a line only the patch adds.
 */
export const PATCHED = [
  ...["function rankedBranchesOf(routes)", "const compiledPaths = new Map()", "const matchMemos = new WeakMap()"].map(
    (marker) => ({ via: ["@remix-run/node", "@remix-run/server-runtime"], file: "@remix-run/router", marker }),
  ),
  { via: [], file: "@remix-run/react/dist/server.js", marker: "serverRoutesByManifest" },
  { via: ["@remix-run/react"], file: "react-router-dom/server", marker: "dataRoutesByRoutes" },
  {
    via: ["@remix-run/node"],
    file: "@remix-run/server-runtime/dist/data.js",
    marker: 'if (!url.searchParams.has("_routes")) return request;',
  },
];

/** What is missing, as "file (via X > Y): marker" lines; empty when every patch is in place. */
export function missingPatches(root = process.cwd()) {
  const missing = [];
  for (const { via, file, marker } of PATCHED) {
    let require = createRequire(path.join(root, "package.json"));
    for (const name of via) require = createRequire(require.resolve(name));
    if (!fs.readFileSync(require.resolve(file), "utf8").includes(marker)) {
      missing.push(`${file}${via.length ? ` (via ${via.join(" > ")})` : ""}: ${marker}`);
    }
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingPatches();
  if (missing.length > 0) {
    console.error(
      `The patches of patches/ are not in the code the server loads (docs/decisions/032):\n  ${missing.join("\n  ")}`,
    );
    process.exit(1);
  }
  console.log(`patches/: all ${PATCHED.length} patched lines are in place`);
}
