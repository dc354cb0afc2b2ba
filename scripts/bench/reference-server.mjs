// The benchmark's reference: a bare node:http server answering every request with one page's
// bytes, brotli-compressed once in advance, from memory. Run as a child process by bench.ts:
//   node reference-server.mjs <port> <file with the page's HTML> [processes]
// With processes > 1 it runs that many on the port (node:cluster), as the app does with
// WEB_CONCURRENCY: the tail latency the process layout alone gives, with no app code at all.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

const [port, file, processes = "1"] = process.argv.slice(2);
if (Number(processes) > 1 && cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < Number(processes); i++)
    cluster.fork().once("listening", () => ++listening === Number(processes) && process.send?.("ready"));
} else {
  serve();
}

function serve() {
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
    .listen(Number(port), "127.0.0.1", () => cluster.isPrimary && process.send?.("ready"));
}
