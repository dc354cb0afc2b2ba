import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

/**
 * Uploads and downloads over raw HTTP, as a slow or stalled client does them: a multipart body
 * written a piece at a time (optionally at a set rate), and a download whose reader stops.
 */

export type UploadOutcome = { status: number; location: string | null; body: string; seconds: number };

/**
 * Posts the chapter form with a file as multipart, writing the file's bytes 64 KiB at a time. At
 * `bytesPerSecond` each piece waits its turn, so the body arrives at that rate (a slow link).
 */
export function streamedUpload({
  url,
  cookie,
  fields,
  fileName,
  bytes,
  bytesPerSecond,
}: {
  url: string;
  cookie: string;
  fields: Record<string, string>;
  fileName: string;
  bytes: Uint8Array;
  bytesPerSecond?: number;
}): Promise<UploadOutcome> {
  const boundary = `----upload${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const target = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(head.length + bytes.byteLength + tail.length),
          Cookie: cookie,
          Origin: target.origin,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            body,
            seconds: (Date.now() - started) / 1000,
          }),
        );
      },
    );
    request.on("error", reject);
    const PIECE = 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.byteLength) {
        const piece = bytes.subarray(offset, offset + PIECE);
        offset += piece.byteLength;
        const flowing = request.write(piece);
        if (bytesPerSecond) {
          // The next piece leaves when the link, at this rate, would have carried the bytes so far.
          const due = started + ((head.length + offset) * 1000) / bytesPerSecond;
          setTimeout(writeMore, Math.max(0, due - Date.now()));
          return;
        }
        if (!flowing) return void request.once("drain", writeMore);
      }
      request.end(tail);
    };
    request.write(head);
    writeMore();
  });
}

export type StalledDownload = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /**
   * Starts reading again and resolves once the response ends: `complete` is false when the server
   * cut it short (a paused reader cannot see the server close, so this is how a test finds out).
   */
  finish: () => Promise<{ complete: boolean; bytes: number }>;
  destroy: () => void;
};

/**
 * A GET whose reader takes the status and headers, then reads nothing more until `finish`. A raw
 * socket rather than node:http: the kernel grows a connection's receive buffer (here up to
 * tcp_rmem's 32 MiB) as its reader takes bytes, and an http client under load took enough to let
 * a whole 16 MiB file in; this one stops at the first read that holds the headers, so the server
 * really meets a reader that takes nothing.
 */
export function stalledDownload(url: string, cookie: string): Promise<StalledDownload> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.on("error", () => {});
    socket.once("error", reject);
    let received = Buffer.alloc(0);
    let bodyBytes = 0;
    let expected = Infinity;
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headerEnd = received.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      socket.off("data", onData);
      socket.pause();
      const lines = received.subarray(0, headerEnd).toString("latin1").split("\r\n");
      const status = Number(lines[0]?.split(" ")[1] ?? 0);
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      expected = Number(headers["content-length"] ?? Infinity);
      bodyBytes = received.byteLength - headerEnd - 4;
      const ended = new Promise<{ complete: boolean; bytes: number }>((done) => {
        socket.on("data", (more: Buffer) => (bodyBytes += more.byteLength));
        socket.once("close", () => done({ complete: bodyBytes >= expected, bytes: bodyBytes }));
      });
      resolve({
        status,
        headers,
        finish: () => {
          socket.resume();
          return ended;
        },
        destroy: () => socket.destroy(),
      });
    };
    socket.on("data", onData);
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
  });
}

/**
 * The process's peak resident memory since the last reset, in MiB (Linux: VmHWM). `reset` starts a
 * new peak from now (writing 5 to clear_refs), so a measurement leaves out start-up.
 */
export const peakMemory = {
  reset(pid: number) {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  },
  read(pid: number): { peakMiB: number; nowMiB: number } {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { peakMiB: Math.round(kib("VmHWM") / 1024), nowMiB: Math.round(kib("VmRSS") / 1024) };
  },
};
