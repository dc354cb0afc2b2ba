// How long a client may hold a connection of ours, and how a refused body's connection is closed
// (docs/decisions/049). Node's defaults let a request take 300 s: a body trickled at one byte every
// ten seconds held a connection for 301 s (issue 31, item 8). A body's time follows its size
// (decision 068): it must keep up the rate floor, however long that takes, and nothing else bounds it.
import type http from "node:http";
import type { Socket } from "node:net";

export type HttpLimits = {
  /** The request's headers must all have arrived within this (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** How often Node checks the above: the timeout is exact to within this. */
  checkIntervalMs: number;
  /**
   * A body must average at least this many bytes a second (so its time limit follows its size: a
   * 25 MiB upload may take as long as a slow link needs, a trickle is cut off)...
   */
  bodyMinBytesPerSecond: number;
  /** ...from this long after its reading began (a slow start is forgiven). */
  bodyGraceMs: number;
  /** After a refusal, the rest of the body is read and dropped for up to this long... */
  lingerMs: number;
  /** ...or this many bytes, whichever comes first, before the connection is closed. */
  lingerBytes: number;
};

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  checkIntervalMs: 1_000,
  // Apache's mod_reqtimeout uses 500 B/s: 1 MiB (the admin editor) then has 35 s at the least rate.
  bodyMinBytesPerSecond: 500,
  bodyGraceMs: 5_000,
  // nginx's lingering close waits up to 30 s; our refusals come early, so a few seconds drain them.
  lingerMs: 5_000,
  lingerBytes: 16 * 1024 * 1024,
};

/**
 * The options of `http.createServer` that carry the limits. Node's `requestTimeout` (one flat time
 * for headers and body) is off: it made a 25 MiB upload impossible below 7 Mbit/s (issue 41). The
 * headers have their timeout, and every body its rate floor (`watchRequestBody`).
 */
export function serverOptions(limits: HttpLimits): http.ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: 0,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
}

/**
 * Closes the connection of a refused request gently: our answer is sent and our side closed (FIN),
 * then what the client still sends is read and dropped for a bounded time and amount before the
 * socket is destroyed. Closing at once while the client still sends makes its kernel answer the
 * next segment with a reset, which can discard our answer before the client read it: curl then
 * reported "broken pipe" instead of the 413 (RFC 9112 9.6 calls this a staged close; nginx's
 * "lingering close" does the same).
 *
 * Call it before the answer ends, with `Connection: close` on the answer: Node ends such a
 * connection through the socket's `destroySoon` once the answer is written, which is replaced here
 * for this one socket.
 */
export function lingerOnClose(socket: Socket | null, limits: Pick<HttpLimits, "lingerMs" | "lingerBytes">) {
  if (!socket) return;
  (socket as Socket & { destroySoon: () => void }).destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const readLimit = this.bytesRead + limits.lingerBytes;
    const deadline = Date.now() + limits.lingerMs;
    // Node's HTTP parser reads the socket's handle directly (no 'data' events), so the bytes read are polled.
    const poll = setInterval(() => {
      if (this.bytesRead > readLimit || Date.now() >= deadline) this.destroy();
    }, 50);
    poll.unref();
    // The client finished (or gave up) sending: nothing left to drain.
    this.once("end", () => this.destroy());
    this.once("close", () => clearInterval(poll));
  };
}

/**
 * Watches a body as it is read: calls `tooSlow` once when, after the grace period, it has averaged
 * fewer bytes a second than the floor. Returns the function that stops watching.
 */
export function watchBodyRate(
  socket: Socket,
  limits: Pick<HttpLimits, "bodyMinBytesPerSecond" | "bodyGraceMs">,
  tooSlow: () => void,
): () => void {
  const startedAt = Date.now();
  const startBytes = socket.bytesRead;
  const timer = setInterval(
    () => {
      const elapsedMs = Date.now() - startedAt;
      if (elapsedMs < limits.bodyGraceMs) return;
      if (((socket.bytesRead - startBytes) * 1000) / elapsedMs < limits.bodyMinBytesPerSecond) {
        clearInterval(timer);
        tooSlow();
      }
    },
    Math.min(1_000, Math.max(50, limits.bodyGraceMs / 4)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
