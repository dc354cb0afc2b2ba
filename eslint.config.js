// ESLint flat config: TypeScript, React, hooks, accessibility, import hygiene and the import
// layering (which layer may import which, no cycles), with zero warnings allowed (`npm run lint`,
// a step of `npm test`). Formatting is Prettier's job.
import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (README "Where things live", docs/architecture.md "Layers"): for each layer, the
 * folders of app/ it may import code from. Imports run one way, routes -> route-helpers ->
 * services -> models -> infra, with lib and content at the bottom; UI code (components, hooks)
 * never reaches server code. A folder of app/ no layer lists may be imported by none.
 */
const ROUTE_FILES = ["root.tsx", "entry.server.tsx", "entry.client.tsx"];
const APP_LAYERS = ["routes", "route-helpers", "services", "models", "infra", "lib", "content", "components", "hooks"];
const layer = (target, allowed, why = "imports run one way (docs/architecture.md#layers)") => ({
  target,
  from: "app",
  except: allowed.map((folder) => `./${folder}`),
  message: `${target} may import code only from app/ ${allowed.join(", ")}: ${why}. Type-only imports may point anywhere.`,
});
const layerZones = [
  {
    target: ["routes", ...ROUTE_FILES].map((entry) => `app/${entry}`),
    from: "app",
    except: [...ROUTE_FILES, "styles", ...APP_LAYERS].map((folder) => `./${folder}`),
    message: `A route may import code from every layer of app/ (${APP_LAYERS.join(", ")}), and from nothing else there: put new code in a layer (docs/architecture.md#layers).`,
  },
  layer("app/route-helpers", ["route-helpers", "services", "models", "infra", "lib", "content"]),
  layer("app/services", ["services", "models", "infra", "lib", "content"]),
  layer("app/models", ["models", "infra", "lib", "content"]),
  layer("app/infra", ["infra", "lib", "content"]),
  layer("app/lib", ["lib", "content"], "lib and content are pure and import only each other"),
  layer("app/content", ["content", "lib"], "lib and content are pure and import only each other"),
  layer("app/components", ["components", "hooks", "lib", "content"], "UI code never reaches server code"),
  layer("app/hooks", ["hooks", "lib", "content"], "UI code never reaches server code"),
  layer(
    "server",
    ["infra", "lib"],
    "the HTTP layer reads the configuration and reaches the rest through the Remix build",
  ),
  {
    target: "app",
    from: "server",
    message:
      "The app never imports server/ (the HTTP layer): the server loads the app's build, not the other way round.",
  },
  {
    target: [...ROUTE_FILES, ...APP_LAYERS.filter((folder) => folder !== "infra")]
      .map((entry) => `app/${entry}`)
      .concat("server"),
    from: "migrations",
    message: "Only app/infra imports migrations/ (the migrations list, for the migrator).",
  },
  {
    target: "migrations",
    from: ["app", "server"],
    message: "A migration imports only other migrations: it must not depend on today's code or schema types.",
  },
  {
    // What the browser may load: modules of these layers without .server in their name.
    target: "app/{components,hooks,lib,content}/**/!(*.server).{ts,tsx}",
    from: "app/**/*.server.{ts,tsx}",
    message:
      "A *.server module must never reach the browser bundle: components, hooks, lib and content import one only from *.server files.",
  },
];

/**
 * import-x/no-restricted-paths, for code imports only: a type-only import carries no code and may
 * point anywhere (a component may name a loader's type), as for import-x/no-cycle.
 */
const noRestrictedPaths = importX.rules["no-restricted-paths"];
const isTypeOnly = (declaration) =>
  declaration?.importKind === "type" ||
  declaration?.exportKind === "type" ||
  (declaration?.type === "ImportDeclaration" &&
    declaration.specifiers.length > 0 &&
    declaration.specifiers.every((specifier) => specifier.importKind === "type"));
const layers = {
  rules: {
    "code-imports": {
      ...noRestrictedPaths,
      create(context) {
        const report = (descriptor) => isTypeOnly(descriptor.node.parent) || context.report(descriptor);
        return noRestrictedPaths.create(Object.create(context, { report: { value: report } }));
      },
    },
  },
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "data/", "test-results/", "playwright-report/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // Props are typed by TypeScript.
      "react/prop-types": "off",
    },
  },
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "import-x": importX },
    rules: {
      // Resolution is TypeScript's job (tsc --noEmit); these keep the import lists tidy.
      "import-x/first": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-self-import": "error",
      "import-x/newline-after-import": "error",
    },
  },
  {
    // The layering. import-x resolves imports as TypeScript does (the `~/` alias of tsconfig.json).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "migrations/**/*.ts"],
    plugins: { layers },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json", ".node"],
          tsconfig: { configFile: path.resolve(import.meta.dirname, "tsconfig.json") },
        }),
      ],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "layers/code-imports": ["error", { basePath: import.meta.dirname, zones: layerZones }],
      // Type-only imports do not count; packages are not followed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A server's handler may read the object that is assigned once the server is listening.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // A scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1): region joins tabpanel.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Tests may use `any` for fixtures that speak raw HTTP and database rows; migrations take
    // `Kysely<any>` as Kysely's guide says, because they must not depend on today's schema types.
    files: ["tests/**/*.ts", "migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
