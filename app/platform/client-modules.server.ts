import fs from "node:fs";
import path from "node:path";
import { log } from "~/platform/log.server";

/** Where `remix build` writes the browser bundles and what URL serves them (remix.config.js defaults). */
const ASSETS_DIRECTORY = "public/build/";
const PUBLIC_PATH = "/build/";

let chunks: Map<string, string> | undefined;

/**
 * The URL of the browser chunk the Remix compiler made for `entryPoint` (a module the app imports
 * with `import()`, such as `app/features/site/build-demo-player.ts`), read from the build's esbuild
 * metafile once. A page that loads no React (`NO_JAVASCRIPT`) can still load such a chunk alone.
 * Null when the build has none (the page then stays as the server rendered it).
 */
export function clientModuleUrl(entryPoint: string): string | null {
  if (!chunks) {
    chunks = new Map();
    try {
      const metafile = JSON.parse(fs.readFileSync(path.resolve("build/metafile.js.json"), "utf8")) as {
        outputs: Record<string, { entryPoint?: string }>;
      };
      for (const [output, { entryPoint: source }] of Object.entries(metafile.outputs)) {
        if (source && output.startsWith(ASSETS_DIRECTORY) && output.endsWith(".js")) {
          chunks.set(source, PUBLIC_PATH + output.slice(ASSETS_DIRECTORY.length));
        }
      }
    } catch (error) {
      log.warn({ err: error }, "no browser metafile (build/metafile.js.json)");
    }
  }
  return chunks.get(entryPoint) ?? null;
}
