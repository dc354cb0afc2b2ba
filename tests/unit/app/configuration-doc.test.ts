// docs/configuration.md is generated from the configuration's schema (scripts/docs-config.ts):
// this fails when a description, default or rule in app/platform/env.server.ts changed and the
// file was not written again.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CONFIGURATION_DOC, configurationDoc } from "../../../scripts/docs-config";

it("docs/configuration.md is what the configuration's schema generates", async () => {
  const file = fs.readFileSync(path.resolve(import.meta.dirname, "../../..", CONFIGURATION_DOC), "utf8");
  expect(
    file === (await configurationDoc()),
    `${CONFIGURATION_DOC} is out of date with app/platform/env.server.ts: run \`npm run docs:config\``,
  ).toBe(true);
});
