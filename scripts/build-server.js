// Bundles the TypeScript HTTP layer (server/) into build/server.js, next to the Remix build it
// serves. Packages stay external (installed in node_modules); the app modules it imports (the
// validated configuration) are compiled in, through the same `~/` alias as the app.
import path from "node:path";
import { build } from "esbuild";

/** `~/x` is `app/x`, as in tsconfig.json; esbuild would otherwise take `~` for a package. */
const appAlias = {
  name: "app-alias",
  setup(builder) {
    builder.onResolve({ filter: /^~\// }, (args) =>
      builder.resolve(`./${args.path.slice(2)}`, { resolveDir: path.resolve("app"), kind: args.kind }),
    );
  },
};

/** Both bundles: ESM for Node 24 (package.json "engines", the Dockerfile), packages left to node_modules. */
const nodeBundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

// The embedded database's thread (app/platform/db/pglite-thread.server.ts starts it from build/index.js).
await build({
  ...nodeBundle,
  entryPoints: ["app/platform/db/pglite-thread.worker.ts"],
  outfile: "build/pglite-worker.js",
});

await build({ ...nodeBundle, entryPoints: ["server/index.ts"], outfile: "build/server.js", plugins: [appAlias] });
