import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import layering is ESLint's job (eslint.config.js: `layers/code-imports`, import-x's
 * no-restricted-paths for code imports, and `import-x/no-cycle`). A rule whose imports stop
 * resolving reports nothing, so this checks that the real configuration still refuses what it
 * should, on source text linted as if it sat at the given path.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
// Only the layering rule runs (no-cycle would walk the whole import graph on every text).
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === "layers/code-imports" });

async function layerMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.message);
}

describe("the import layering in ESLint", () => {
  // Loading the configuration and its plugins takes seconds; once.
  beforeAll(() => layerMessages("app/lib/zz.ts", ""), 60_000);

  it.each([
    ["app/models/zz.server.ts", "~/services/guards.server", "app/models may import code only from app/ models, infra"],
    ["app/lib/zz.ts", "~/infra/env.server", "app/lib may import code only from app/ lib, content"],
    ["app/components/zz.tsx", "~/models/user.server", "app/components may import code only from"],
    ["app/hooks/zz.ts", "~/components/button", "app/hooks may import code only from app/ hooks, lib, content"],
    ["app/services/zz.server.ts", "~/route-helpers/public-page.server", "app/services may import code only"],
    ["server/zz.ts", "~/models/user.server", "server may import code only from app/ infra, lib"],
    ["migrations/zz.ts", "~/infra/env.server", "A migration imports only other migrations"],
    ["app/routes/zz.tsx", "../../server/app", "The app never imports server/"],
    ["app/lib/zz.ts", "~/lib/html-sanitizer.server", "A *.server module must never reach the browser bundle"],
  ])("refuses %s importing %s", async (file, specifier, message) => {
    const messages = await layerMessages(file, `import * as imported from "${specifier}";\nexport { imported };\n`);
    expect(
      messages.some((text) => text.includes(message)),
      messages.join("\n"),
    ).toBe(true);
  });

  it("lets code import downward, and types come from anywhere", async () => {
    expect(
      await layerMessages("app/services/zz.server.ts", `import { db } from "~/platform/db/db.server";\nexport { db };\n`),
    ).toEqual([]);
    expect(
      await layerMessages(
        "app/components/zz.tsx",
        `import type { ChapterHeading } from "~/features/learning/course-store.server";\nexport type Heading = ChapterHeading;\n`,
      ),
    ).toEqual([]);
  });
});
