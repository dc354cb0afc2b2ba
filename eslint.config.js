// ESLint flat config: TypeScript, React, hooks, accessibility and import hygiene, with zero
// warnings allowed (`npm run lint`, a step of `npm test`). Formatting is Prettier's job.
// Layering and import cycles are checked by tests/unit/import-boundaries.test.ts.
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
