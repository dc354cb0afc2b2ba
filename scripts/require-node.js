// The Node major the project runs on is written once, in .nvmrc (docs/decisions/037). `npm start`
// and `npm test` stop at once with a clear message on another major, rather than failing later in
// a way that names something else (a dependency that needs a newer Node, a different test result).
import fs from "node:fs";

const wanted = fs
  .readFileSync(new URL("../.nvmrc", import.meta.url), "utf8")
  .trim()
  .replace(/^v/, "");
const running = process.versions.node.split(".")[0];
if (running !== wanted) {
  console.error(
    `This project runs on Node ${wanted} LTS; this is Node ${process.versions.node}.\n` +
      `Install Node ${wanted} (nvm: \`nvm use\`; or, from the npm registry: \`npm install --prefix ~/.cache/ai-profit-labs/node${wanted} node@${wanted}\` ` +
      `and put ~/.cache/ai-profit-labs/node${wanted}/node_modules/.bin first on PATH), then run the command again.`,
  );
  process.exit(1);
}
