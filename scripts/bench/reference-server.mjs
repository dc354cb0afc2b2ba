// The benchmark's reference: a bare node:http server answering every request with one page's
// bytes, brotli-compressed once in advance, from memory. Run as a child process by bench.ts:
//   node reference-server.mjs <port> <file with the page's HTML>
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

const [port, file] = process.argv.slice(2);
const html = fs.readFileSync(file);
const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const headers = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Encoding": "br",
  "Content-Length": body.length,
  Vary: "Accept-Encoding",
};
http
  .createServer((req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
