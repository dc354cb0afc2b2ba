import fs from "node:fs";
import path from "node:path";

/**
 * The layer rule (docs/architecture.md "Layers"): imports run one way,
 *   routes -> route-helpers -> services -> models -> infra,
 * `lib` and `content` are pure (they import only each other), UI code (`components`, `hooks`)
 * never reaches server code, and nothing imports in a circle. Type-only imports carry no code
 * and may point anywhere (a component may name a route's action type).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

type Layer =
  | "routes"
  | "route-helpers"
  | "services"
  | "models"
  | "infra"
  | "lib"
  | "content"
  | "components"
  | "hooks"
  | "server"
  | "migrations";

/** Which layers each layer may import code from (itself included). */
const ALLOWED: Record<Layer, Layer[]> = {
  routes: ["routes", "route-helpers", "services", "models", "infra", "lib", "content", "components", "hooks"],
  "route-helpers": ["route-helpers", "services", "models", "infra", "lib", "content"],
  services: ["services", "models", "infra", "lib", "content"],
  models: ["models", "infra", "lib", "content"],
  infra: ["infra", "lib", "content", "migrations"],
  lib: ["lib", "content"],
  content: ["content", "lib"],
  components: ["components", "hooks", "lib", "content"],
  hooks: ["hooks", "lib", "content"],
  server: ["server", "infra", "lib"],
  migrations: ["migrations"],
};

function layerOf(file: string): Layer | null {
  const relative = path.relative(ROOT, file).split(path.sep);
  if (relative[0] === "server") return "server";
  if (relative[0] === "migrations") return "migrations";
  if (relative[0] !== "app") return null;
  // The root route and the entries are the top of the tree, like any route.
  if (relative.length === 2) return "routes";
  const folder = relative[1] as Layer;
  return folder in ALLOWED ? folder : null;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx", "/route.tsx", "/route.ts"];
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

type Edge = { from: string; to: string; typeOnly: boolean };

/** Static imports and re-exports of a file; `import type` / `export type` are marked type-only. */
function importsOf(file: string): Edge[] {
  const source = fs.readFileSync(file, "utf8");
  const edges: Edge[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) {
    const to = resolveImport(file, match[3]!);
    if (to) edges.push({ from: file, to, typeOnly: Boolean(match[2]) });
  }
  for (const match of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    const to = resolveImport(file, match[1]!);
    if (to) edges.push({ from: file, to, typeOnly: false });
  }
  return edges;
}

const files = [
  ...sourceFiles(path.join(ROOT, "app")),
  ...sourceFiles(path.join(ROOT, "server")),
  ...sourceFiles(path.join(ROOT, "migrations")),
];
const edges = files.flatMap(importsOf);
const show = (file: string) => path.relative(ROOT, file);

describe("import boundaries", () => {
  it("finds the source files and their imports", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(300);
  });

  it("puts every app module in a known layer", () => {
    const unplaced = files.filter((file) => layerOf(file) === null).map(show);
    expect(unplaced).toEqual([]);
  });

  it("imports code only downward", () => {
    const violations = edges
      .filter((edge) => !edge.typeOnly)
      .filter((edge) => {
        const from = layerOf(edge.from)!;
        const to = layerOf(edge.to);
        return to !== null && !ALLOWED[from].includes(to);
      })
      .map((edge) => `${show(edge.from)} (${layerOf(edge.from)}) -> ${show(edge.to)} (${layerOf(edge.to)})`);
    expect(violations).toEqual([]);
  });

  it("keeps browser code away from server-only modules", () => {
    const violations = edges
      .filter((edge) => !edge.typeOnly && /\.server\.tsx?$/.test(edge.to))
      .filter(
        (edge) =>
          ["components", "hooks", "lib", "content"].includes(layerOf(edge.from)!) && !/\.server\.tsx?$/.test(edge.from),
      )
      .map((edge) => `${show(edge.from)} -> ${show(edge.to)}`);
    expect(violations).toEqual([]);
  });

  it("has no import cycles", () => {
    const graph = new Map<string, string[]>();
    for (const edge of edges) if (!edge.typeOnly) graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...stack.slice(stack.indexOf(file)), file].map(show).join(" -> "));
        return;
      }
      state.set(file, "visiting");
      stack.push(file);
      for (const next of graph.get(file) ?? []) visit(next);
      stack.pop();
      state.set(file, "done");
    };
    for (const file of files) visit(file);
    expect(cycles).toEqual([]);
  });
});

describe("the boundary check itself", () => {
  it("would catch a model importing a service and lib importing infra", () => {
    expect(ALLOWED.models.includes(layerOf(path.join(ROOT, "app/services/guards.server.ts"))!)).toBe(false);
    expect(ALLOWED.lib.includes(layerOf(path.join(ROOT, "app/infra/env.server.ts"))!)).toBe(false);
  });
});
