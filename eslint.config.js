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
 * The feature map (docs/architecture.md "Feature map"). Each capability lives in
 * app/features/<name>/ and shows the rest of the app one public surface: index.ts (what the
 * browser may load too) and index.server.ts (server modules). FEATURES runs from the bottom up: a
 * feature may import another only through that surface, and only one listed before it, so the
 * features' import graph has no cycle by construction. What no feature owns is app/platform/, which
 * imports no feature. Routes (app/routes, root, entry files) use features through their surfaces.
 */
export const FEATURES = [
  "community",
  "accounts",
  "catalogue",
  "files",
  "learning",
  "list",
  "billing",
  "launch",
  "privacy",
  "members",
  "tools",
  "site",
  "affiliates",
];
const ROUTE_FILES = ["root.tsx", "entry.server.tsx", "entry.client.tsx"];
const surfaces = (features) => features.flatMap((name) => [`./${name}/index.ts`, `./${name}/index.server.ts`]);
const featureZones = FEATURES.map((name, index) => {
  const below = FEATURES.slice(0, index);
  return {
    target: `app/features/${name}`,
    from: "app/features",
    except: [`./${name}`, ...surfaces(below)],
    message: `app/features/${name} may import another feature only through its index.ts or index.server.ts, and only a feature below it (${below.join(", ") || "none"}): docs/architecture.md#feature-map. Move the piece to the feature that owns the rule, or let that feature call this one.`,
  };
});
const layerZones = [
  ...featureZones,
  {
    // A route takes a feature's server code through index.server.ts, and its browser code (UI,
    // copy, pure rules) from the module itself: a browser barrel would join every page that uses
    // it in one shared chunk (esbuild's code splitting follows re-exports), growing each bundle.
    target: ["routes", ...ROUTE_FILES].map((entry) => `app/${entry}`),
    from: "app/features/**/*.server.{ts,tsx}",
    except: ["**/index.server.ts"],
    message:
      "A route uses a feature's server code only through its public surface: import from ~/features/<name>/index.server.",
  },
  {
    target: "app/platform",
    from: ["app/features", "app/routes", ...ROUTE_FILES.map((entry) => `app/${entry}`)],
    message:
      "app/platform is what no feature owns and imports no feature or route: the piece belongs in the feature, or the feature hands it in.",
  },
  {
    target: "server",
    from: "app",
    except: [
      "./platform",
      ...surfaces(FEATURES)
        .filter((path) => path.endsWith("index.ts"))
        .map((path) => `./features${path.slice(1)}`),
    ],
    message:
      "server/ (the HTTP layer) imports from app/ only platform/ and the features' browser-safe surfaces (index.ts): it reaches the rest through the Remix build.",
  },
  {
    target: "app",
    from: "server",
    message:
      "The app never imports server/ (the HTTP layer): the server loads the app's build, not the other way round.",
  },
  {
    target: ["app/features", "app/routes", ...ROUTE_FILES.map((entry) => `app/${entry}`), "server"],
    from: "migrations",
    message: "Only app/platform/db imports migrations/ (the migrations list, for the migrator).",
  },
  {
    target: "app/platform",
    from: "migrations",
    except: ["./index.ts"],
    message: "Only app/platform/db imports migrations/ (the migrations list, for the migrator).",
  },
  {
    target: "migrations",
    from: ["app", "server"],
    message: "A migration imports only other migrations: it must not depend on today's code or schema types.",
  },
  {
    // What the browser may load: every module of a feature or the platform without .server in its
    // name (the embedded database's worker thread is a server entry of its own).
    target: "app/{features,platform}/**/!(*.server|*.worker).{ts,tsx}",
    from: "app/**/*.server.{ts,tsx}",
    message:
      "A *.server module must never reach the browser bundle: a module without .server in its name imports one only through another *.server file.",
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
    // One logger (app/platform/log.server.ts, docs/decisions/059): the server and the app log
    // fields through it, never through console. Code that runs only in the browser says so where it
    // writes to the browser's console.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Forms are read whole, through their zod schema (`parseWithZod`, docs/decisions/061): no field
    // is picked out of a FormData by hand outside app/platform/forms (whose form-value.ts serves the
    // browser's pending states and pre-submit checks).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/platform/forms/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.property.name=/^(get|getAll)$/][callee.object.name=/^(form|formData|fields|payload|body)$/]",
          "CallExpression[callee.property.name=/^(get|getAll)$/][callee.object.property.name='formData']",
        ].map((selector) => ({
          selector,
          message:
            "Read a form through its zod schema (parseWithZod); in the browser, a pending field through ~/platform/forms/form-value.",
        })),
      ],
    },
  },
  {
    // Type-aware rules, for TypeScript: every .ts/.tsx file is in tsconfig.json, which the project
    // service reads (the .js files, this one included, are plain scripts and get no typed rules). A
    // promise nobody awaits loses its rejection, and one handed to a void callback (an onClick, an
    // event listener) runs unawaited where the caller cannot see it.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Tests may use `any` for fixtures that speak raw HTTP and database rows; migrations take
    // `Kysely<any>` as Kysely's guide says, because they must not depend on today's schema types.
    files: ["tests/**/*.ts", "migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
