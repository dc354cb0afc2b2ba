// Docs that cannot drift (issue 24): the lists a reader relies on are checked against the code
// they describe, so a route, a table or a setting cannot be added without its documentation.
// Pure file reading: the route files through Remix's own flat-routes convention, the schema and
// the configuration through TypeScript's parser, the docs as Markdown text.
import fs from "node:fs";
import path from "node:path";
// The module behind @remix-run/dev's UNSAFE_flatRoutes export: the package's index also loads Vite
// (4 s); this file alone is what `remix build` runs on app/routes/.
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import type { RouteManifest } from "@remix-run/dev/dist/config/routes.js";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import remixConfig from "../../../remix.config.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const parse = (file: string) => ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);

/** The contents of every `code span` of a Markdown text (fenced blocks included, harmlessly). */
function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map(([, quoted = ""]) => quoted);
}

/** The lines of a Markdown text's section: from its `## heading` line to the next `## ` heading. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return "";
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  return lines.slice(start, end === -1 ? undefined : end).join("\n");
}

/** The rows of the Markdown tables in a text. */
const tableRows = (markdown: string) => markdown.split("\n").filter((line) => line.trimStart().startsWith("|"));

// ---------------------------------------------------------------------------------------------
// Routes

type Route = { file: string; url: string | null };

/**
 * Every route module of app/routes/, as Remix itself reads the folder (its flat-routes function,
 * with remix.config.js's ignoredRouteFiles), and its full URL: the parent layouts' paths joined,
 * `$name` as `:name`, a splat as `*`, an index route as its parent's URL. A pathless layout
 * (`_member.tsx`) has no URL of its own.
 */
function routes(): Route[] {
  const manifest: RouteManifest = flatRoutes(
    path.join(ROOT, "app"),
    (remixConfig as { ignoredRouteFiles?: string[] }).ignoredRouteFiles,
  );
  const segments = (id: string | undefined): string[] => {
    const route = id ? manifest[id] : undefined;
    if (!route) return [];
    return [...segments(route.parentId), ...(route.path ? [route.path] : [])];
  };
  return Object.values(manifest).map((route) => {
    const own = segments(route.id);
    const pathless = !route.path && !route.index;
    return { file: route.file.replace(/^routes\//, ""), url: pathless ? null : `/${own.join("/")}` };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A URL is named when a code span holds it as a whole path: `/admin/members/:id`, or with the
 * parameter written `{id}` or `<id>`, optionally after a method (`POST /consent`) and before a
 * query or fragment (`/login?redirect=...`).
 */
function urlPattern(url: string): RegExp {
  const parts = url === "/" ? [""] : url.split("/");
  const body = parts
    .map((segment) => (segment.startsWith(":") ? "(?::\\w+|\\{\\w+\\}|<\\w+>)" : escape(segment)))
    .join("/");
  return new RegExp(`(?:^|\\s)${url === "/" ? "/" : body}(?:$|[\\s?#])`);
}

function namesRoute(spans: string[], route: Route): boolean {
  const byFile = spans.some((span) => span === route.file || span === `app/routes/${route.file}`);
  if (byFile || route.url === null) return byFile;
  const pattern = urlPattern(route.url);
  return spans.some((span) => pattern.test(span));
}

// ---------------------------------------------------------------------------------------------
// Tables

/** The tables and views of the schema: the keys of the `DB` interface in app/platform/db/db-schema.generated.ts. */
function schemaTables(): string[] {
  const file = parse("app/platform/db/db-schema.generated.ts");
  const db = file.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "DB",
  );
  if (!db) throw new Error("app/platform/db/db-schema.generated.ts has no `interface DB`: update this test");
  return db.members.flatMap((member) =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? [member.name.text] : [],
  );
}

// ---------------------------------------------------------------------------------------------
// Configuration

const CONFIG_FILE = "app/platform/env.server.ts";

/**
 * Variables read from process.env that are not configuration of the site, so need no line in
 * .env.example or docs/configuration.md. Each entry says why. (Empty today: the test-only switches,
 * STRIPE_API_BASE and ALLOW_INSECURE_TEST_SETTINGS, are validated configuration like the rest and
 * documented as test-only.)
 */
const NOT_CONFIGURATION: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

const isProcessEnv = (node: ts.Node) =>
  ts.isPropertyAccessExpression(node) &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === "process" &&
  node.name.text === "env";

/**
 * What a file reads from process.env: `process.env.X` and `process.env["X"]` by name, and
 * whether it hands process.env on whole (only the configuration module may, so that its schema is
 * the list). Code inside strings (the bonus starter app's source text) is not code and not read.
 */
function envReads(file: string): { names: string[]; whole: boolean } {
  // Parsing is the slow part: a file that never spells process.env reads nothing from it.
  if (!read(file).includes("process.env")) return { names: [], whole: false };
  const names: string[] = [];
  let whole = false;
  const visit = (node: ts.Node) => {
    if (isProcessEnv(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.push(parent.name.text);
      else if (
        ts.isElementAccessExpression(parent) &&
        parent.expression === node &&
        ts.isStringLiteralLike(parent.argumentExpression)
      )
        names.push(parent.argumentExpression.text);
      else whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return { names, whole };
}

/** The keys of the `z.object({...})` schema in app/platform/env.server.ts: what `parseEnv(process.env)` reads. */
function schemaVariables(): string[] {
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "object" &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "z" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          keys.push(property.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(CONFIG_FILE));
  return keys;
}

function configurationVariables(): string[] {
  const variables = new Set(schemaVariables());
  for (const file of [...sourceFiles("app"), ...sourceFiles("server")]) {
    for (const name of envReads(file).names) variables.add(name);
  }
  return [...variables].filter((name) => !(name in NOT_CONFIGURATION)).sort();
}

// ---------------------------------------------------------------------------------------------

describe("docs that cannot drift", () => {
  it("docs/product.md names every route of app/routes/", () => {
    const found = routes();
    expect(found.length, "Remix's flat-routes function found no routes: update this test").toBeGreaterThan(10);
    const spans = codeSpans(read("docs/product.md"));
    const missing = found
      .filter((route) => !namesRoute(spans, route))
      .sort((a, b) => a.file.localeCompare(b.file))
      .map((route) =>
        route.url === null
          ? `app/routes/${route.file} (a pathless layout: name the file, e.g. \`${route.file}\`)`
          : `app/routes/${route.file} (URL ${route.url})`,
      );
    expect(
      missing,
      "Route files not named in docs/product.md. Name each in a code span there, by its URL " +
        "(`/admin/members/:id`; a parameter may be written :id, {id} or <id>; a method before it and a " +
        "query after it are fine) or by its file name (`admin_.members.$id.tsx`); pathless layouts by file name. " +
        "Describe the page in docs/product.md §2 and list it in the route table",
    ).toEqual([]);
  });

  it("docs/architecture.md has a table row for every table and view of the schema", () => {
    const tables = schemaTables();
    expect(tables.length, "no tables found in app/platform/db/db-schema.generated.ts's DB interface").toBeGreaterThan(
      10,
    );
    const spans = new Set(tableRows(read("docs/architecture.md")).flatMap(codeSpans));
    const missing = tables.filter((table) => !spans.has(table));
    expect(
      missing,
      "Tables or views of app/platform/db/db-schema.generated.ts (interface DB) with no row in docs/architecture.md " +
        '"Data": add a table row naming each as `table_name` and saying what it holds',
    ).toEqual([]);
  });

  it("every variable the configuration reads is in .env.example, docs/configuration.md and architecture.md", () => {
    const variables = configurationVariables();
    expect(variables.length, `no variables found in ${CONFIG_FILE}'s z.object schema`).toBeGreaterThan(20);

    const wholeEnvReaders = [...sourceFiles("app"), ...sourceFiles("server")].filter(
      (file) => file !== CONFIG_FILE && envReads(file).whole,
    );
    expect(
      wholeEnvReaders,
      `Files that read process.env as a whole: only ${CONFIG_FILE} may (its schema is the list of ` +
        "variables); read the validated env() instead, or process.env.NAME",
    ).toEqual([]);

    const example = read(".env.example");
    // Generated from the schema, so only variables read outside it can be missing there.
    const reference = new Set(
      [...read("docs/configuration.md").matchAll(/^### `([A-Z0-9_]+)`$/gm)].map((match) => match[1]),
    );
    const architecture = new Set(codeSpans(section(read("docs/architecture.md"), "Configuration")));
    const missing = {
      ".env.example (a line `# NAME=example  # what it does`)": variables.filter(
        (name) => !new RegExp(`^#?\\s*${name}=`, "m").test(example),
      ),
      "docs/configuration.md (a rule with its description in app/platform/env.server.ts's schema, then `npm run docs:config`)":
        variables.filter((name) => !reference.has(name)),
      'docs/architecture.md "Configuration" (`NAME` beside the module that reads it)': variables.filter(
        (name) => !architecture.has(name),
      ),
    };
    expect(
      Object.entries(missing).filter(([, names]) => names.length > 0),
      `Configuration variables (the schema of ${CONFIG_FILE} and process.env reads in app/ and server/) ` +
        "missing from the docs, by the doc to fix",
    ).toEqual([]);
  });

  it("every decision record is dated, has a status, and is listed in docs/README.md", () => {
    const records = fs.readdirSync(path.join(ROOT, "docs/decisions")).filter((name) => /^\d{3}-.*\.md$/.test(name));
    const index = read("docs/README.md");
    const problems = records.flatMap((name) => {
      const lines = read(`docs/decisions/${name}`).split("\n");
      const found: string[] = [];
      if (!/^# \d{3}\. /.test(lines[0] ?? "")) found.push(`${name}: the first line is not "# NNN. Title"`);
      if (!/^Date: \d{4}-\d{2}-\d{2}$/.test(lines[2] ?? "")) found.push(`${name}: line 3 is not "Date: YYYY-MM-DD"`);
      if (!/^Status: (accepted|superseded by \d{3})\b/.test(lines[3] ?? ""))
        found.push(`${name}: line 4 is not "Status: accepted" or "Status: superseded by NNN"`);
      if (!index.includes(`(decisions/${name})`)) found.push(`${name}: not linked from docs/README.md's index`);
      return found;
    });
    expect(problems, "Decision records out of step (docs/README.md says how a record looks)").toEqual([]);
  });
});
