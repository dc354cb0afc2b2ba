import path from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The checks that need the types (issue 39): a promise nobody awaits, or one handed where nothing
 * awaits it, fails lint; an indexed read may be undefined until the code says otherwise. They hold
 * only as long as the configuration says so, so this reads the configuration ESLint and TypeScript
 * really resolve; `npm test`'s lint step (`eslint .`) then applies them to every file.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: ROOT });
const TYPED_RULES = ["@typescript-eslint/no-floating-promises", "@typescript-eslint/no-misused-promises"];

const severity = (entry: unknown) => (Array.isArray(entry) ? entry[0] : entry);

describe("type-aware lint", () => {
  // Loading the configuration and its plugins takes seconds; once.
  beforeAll(() => eslint.calculateConfigForFile(path.join(ROOT, "eslint.config.js")), 120_000);

  it.each([
    "app/platform/ui/copy-button.tsx",
    "app/features/billing/order-ledger.server.ts",
    "server/index.ts",
    "scripts/loadtest.ts",
    "migrations/0001_foundation.ts",
    "tests/unit/app/lint-rules.test.ts",
  ])("makes floating and misused promises errors in %s, with the project's types", async (file) => {
    const config = await eslint.calculateConfigForFile(path.join(ROOT, file));
    expect(config.languageOptions.parserOptions.projectService).toBe(true);
    for (const rule of TYPED_RULES) expect([2, "error"], rule).toContain(severity(config.rules[rule]));
  });

  it("leaves the plain .js scripts to the untyped rules", async () => {
    const config = await eslint.calculateConfigForFile(path.join(ROOT, "eslint.config.js"));
    for (const rule of TYPED_RULES) expect([undefined, 0, "off"], rule).toContain(severity(config.rules[rule]));
  });
});

describe("forms are read through their schema", () => {
  it("refuses a field picked out of a FormData by hand in app code, and allows the platform's forms helpers", async () => {
    const handRead = `export async function action({ request }: { request: Request }) {
  const formData = await request.formData();
  return formData.get("email");
}
`;
    const [route] = await eslint.lintText(handRead, { filePath: path.join(ROOT, "app/routes/logout.tsx") });
    expect(route?.messages.map((message) => message.ruleId)).toContain("no-restricted-syntax");
    const config = await eslint.calculateConfigForFile(path.join(ROOT, "app/platform/forms/form-value.ts"));
    expect([undefined, 0, "off"]).toContain(severity(config.rules["no-restricted-syntax"]));
  }, 60_000);
});

describe("TypeScript", () => {
  it("types an indexed read as possibly undefined (noUncheckedIndexedAccess)", () => {
    const file = path.join(ROOT, "tsconfig.json");
    const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
    expect(error).toBeUndefined();
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    expect(options.noUncheckedIndexedAccess).toBe(true);
    expect(options.strict).toBe(true);
  });
});
