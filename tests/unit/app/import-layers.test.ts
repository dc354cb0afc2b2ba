import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { FEATURES } from "../../../eslint.config.js";

/**
 * The import zones are ESLint's job (eslint.config.js: `layers/code-imports`, import-x's
 * no-restricted-paths for code imports, and `import-x/no-cycle`). A zone whose paths stop
 * resolving reports nothing, so this checks that the real configuration still refuses what it
 * should, on source text linted as if it sat at the given path; and it reads the features' real
 * import graph to prove it has no cycle and runs the way docs/architecture.md draws it.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
// Only the zones run (no-cycle would walk the whole import graph on every text), and without
// type information, which they do not use (building the program takes longer than the hook allows).
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === "layers/code-imports",
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function zoneMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.message);
}

describe("the import zones in ESLint", () => {
  // Loading the configuration and its plugins takes seconds; once.
  beforeAll(() => zoneMessages("app/platform/zz.ts", ""), 60_000);

  it.each([
    // A feature below may not reach up: billing uses catalogue, so catalogue never uses billing.
    [
      "app/features/catalogue/zz.server.ts",
      "~/features/billing/index.server",
      "app/features/catalogue may import another feature only through",
    ],
    // Another feature's insides, even one below.
    [
      "app/features/billing/zz.server.ts",
      "~/features/catalogue/entitlement.server",
      "app/features/billing may import another feature only through",
    ],
    [
      "app/features/learning/zz.tsx",
      "~/features/files/attachments",
      "app/features/learning may import another feature only through",
    ],
    [
      "app/routes/zz.tsx",
      "~/features/accounts/users.server",
      "A route uses a feature's server code only through its public surface",
    ],
    ["app/platform/zz.server.ts", "~/features/accounts/index.server", "app/platform is what no feature owns"],
    ["app/platform/ui/zz.tsx", "~/routes/login", "app/platform is what no feature owns"],
    ["server/zz.ts", "~/features/accounts/index.server", "server/ (the HTTP layer) imports from app/ only platform/"],
    ["migrations/zz.ts", "~/platform/env.server", "A migration imports only other migrations"],
    ["app/features/accounts/zz.server.ts", "../../../migrations/index", "Only app/platform/db imports migrations/"],
    ["app/routes/zz.tsx", "../../server/app", "The app never imports server/"],
    ["app/features/learning/zz.ts", "~/platform/env.server", "A *.server module must never reach the browser bundle"],
    ["app/platform/ui/zz.tsx", "~/platform/db/db.server", "A *.server module must never reach the browser bundle"],
  ])("refuses %s importing %s", async (file, specifier, message) => {
    const messages = await zoneMessages(file, `import * as imported from "${specifier}";\nexport { imported };\n`);
    expect(
      messages.some((text) => text.includes(message)),
      messages.join("\n"),
    ).toBe(true);
  });

  it("lets a feature use the platform and the surfaces of features below it, and types come from anywhere", async () => {
    expect(
      await zoneMessages(
        "app/features/billing/zz.server.ts",
        `import { db } from "~/platform/db/db.server";\nimport { catalogue } from "~/features/catalogue/index.server";\nexport { db, catalogue };\n`,
      ),
    ).toEqual([]);
    expect(
      await zoneMessages(
        "app/routes/zz.tsx",
        `import { requireAdmin } from "~/features/accounts/index.server";\nexport { requireAdmin };\n`,
      ),
    ).toEqual([]);
    // A page's browser code comes from the module itself (no barrel joins pages in one chunk).
    expect(
      await zoneMessages(
        "app/routes/zz.tsx",
        `import { ProfileSettings } from "~/features/accounts/profile-settings";\nexport { ProfileSettings };\n`,
      ),
    ).toEqual([]);
    expect(
      await zoneMessages(
        "app/features/catalogue/zz.tsx",
        `import type { Receipt } from "~/features/billing/emails";\nexport type Copy = Receipt;\n`,
      ),
    ).toEqual([]);
  });
});

/** Feature -> the features its modules import code from (type-only imports carry no code). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const featuresDir = path.join(ROOT, "app/features");
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:(\{[^}]*\}|[^;]*?)\s+from\s+)?["']([^"']+)["']/gm;
  // `import { type A, type B }` carries no code either.
  const typeOnly = (clause: string | undefined) =>
    clause?.startsWith("{") &&
    clause
      .slice(1, -1)
      .split(",")
      .every((name) => !name.trim() || name.trim().startsWith("type "));
  for (const feature of fs.readdirSync(featuresDir)) {
    const uses = new Set<string>();
    graph.set(feature, uses);
    const files = fs.readdirSync(path.join(featuresDir, feature), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((name) => /\.tsx?$/.test(name))) {
      const text = fs.readFileSync(path.join(featuresDir, feature, file), "utf8");
      for (const [, typeKeyword, clause, target] of text.matchAll(statement)) {
        if (typeKeyword || typeOnly(clause)) continue;
        const used = /^~\/features\/([^/]+)/.exec(target!)?.[1];
        if (used && used !== feature) uses.add(used);
      }
    }
  }
  return graph;
}

describe("the features' import graph", () => {
  const graph = featureGraph();

  it("has every feature folder in the map, and nothing else", () => {
    expect([...graph.keys()].sort()).toEqual([...FEATURES].sort());
  });

  it("has no cycle: a feature imports only features listed below it", () => {
    const upward = [...graph].flatMap(([feature, uses]) =>
      [...uses]
        .filter((used) => FEATURES.indexOf(used) >= FEATURES.indexOf(feature))
        .map((used) => `${feature} -> ${used}`),
    );
    expect(upward).toEqual([]);
  });

  it("is the one docs/architecture.md draws", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    for (const [feature, uses] of graph) {
      const row = new RegExp("^\\| `" + feature + "` +\\|[^\\n]*\\| ([^|\\n]*?) *\\|$", "m").exec(doc);
      expect(row, `docs/architecture.md has a feature-map row for ${feature}`).not.toBeNull();
      const documented = row![1]!
        .split(",")
        .map((name) => name.trim().replace(/`/g, ""))
        .filter((name) => name && name !== "—");
      expect(documented.sort(), `the features ${feature} uses`).toEqual([...uses].sort());
    }
  });
});
