// Compresses the client build once, at build time (a step of `npm run build`, after `remix build`):
// beside each compressible file of public/build of 1 KiB or more it writes `<file>.br` (brotli at
// quality 11, the highest) and `<file>.gz` (gzip at level 9), each only when it is smaller than
// the file. server/static-files.ts answers /build requests with them as they are, so no request
// ever compresses a bundle, and the first visitor after a deploy waits for no compression either.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compressible from "compressible";
import mime from "mime-types";

const BUILD_ASSETS_DIR = "public/build";
/** What the server answers precompressed, by Accept-Encoding, in its order of preference. */
const PRECOMPRESSED = /** @type {const} */ ({ br: ".br", gzip: ".gz" });
/** Below this, compression saves less than the headers it adds. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Whether a file of this name and size is worth compressing.
 * @param {string} file
 * @param {number} size
 */
function isCompressible(file, size) {
  const type = mime.contentType(path.extname(file));
  return Boolean(type && compressible(type)) && size >= MIN_BYTES;
}

/**
 * Writes the .br and .gz files of `file` (or removes stale ones it should not have).
 * @param {string} file
 * @returns {Promise<{ bytes: number; br: number | null; gzip: number | null }>}
 */
async function compressFile(file) {
  const bytes = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  /** @type {Array<[Buffer, string]>} */
  const outputs = [
    [br, file + PRECOMPRESSED.br],
    [gz, file + PRECOMPRESSED.gzip],
  ];
  for (const [body, target] of outputs) {
    if (body.length < bytes.length) await fs.promises.writeFile(target, body);
    else await fs.promises.rm(target, { force: true });
  }
  return {
    bytes: bytes.length,
    br: br.length < bytes.length ? br.length : null,
    gzip: gz.length < bytes.length ? gz.length : null,
  };
}

/**
 * Compresses every compressible file under `dir` and prints the totals.
 * @param {string} dir
 */
async function compressAssets(dir = BUILD_ASSETS_DIR) {
  const suffixes = Object.values(PRECOMPRESSED);
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !suffixes.some((suffix) => entry.name.endsWith(suffix)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => isCompressible(file, fs.statSync(file).size));
  // libuv's thread pool runs them four at a time; all at once only queues them there.
  const results = await Promise.all(files.map(compressFile));
  const sum = (/** @type {(r: (typeof results)[number]) => number} */ pick) =>
    results.reduce((total, result) => total + pick(result), 0);
  const totals = {
    files: results.length,
    bytes: sum((r) => r.bytes),
    br: sum((r) => r.br ?? r.bytes),
    gzip: sum((r) => r.gzip ?? r.bytes),
  };
  const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `compressed ${totals.files} files of ${dir}: ${kib(totals.bytes)}, brotli ${kib(totals.br)}, gzip ${kib(totals.gzip)}`,
  );
}

await compressAssets();
