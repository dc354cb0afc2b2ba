import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A load balancer in miniature, like Fly's proxy in front of several Machines: each request goes
 * to the next upstream in turn. The answer says which one served it (`X-Upstream`: its index).
 */
export type RoundRobinProxy = { url: string; port: number; close: () => Promise<void> };

export async function startRoundRobinProxy(port: number, upstreams: () => string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const targets = upstreams();
    const index = next++ % targets.length;
    const target = new URL(req.url ?? "/", targets[index]);
    const forward = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(index) });
      answer.pipe(res);
    });
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end("Bad gateway");
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
