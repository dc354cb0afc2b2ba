// The few ways the HTTP layer answers by itself (refusals, 404s, errors), on Node's own response.
import type { ServerResponse } from "node:http";

/**
 * A short plain-text answer, with `own` ([name, value, ...]: the security headers and the request
 * id every answer carries). `close` ends the connection after it (the rest of a refused body is
 * not read).
 */
export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  own: readonly string[],
  { close = false, headers = [] }: { close?: boolean; headers?: readonly string[] } = {},
) {
  const body = Buffer.from(message);
  const list = [...own, ...headers, "Content-Type", "text/plain; charset=utf-8", "Content-Length", String(body.length)];
  if (close) list.push("Connection", "close");
  res.writeHead(status, list).end(body);
}

/** `{ name: value }` as the flat list writeHead takes. */
export const flatHeaders = (headers: Record<string, string>): string[] => Object.entries(headers).flat();
