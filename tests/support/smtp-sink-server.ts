// The SMTP sink as a process, for the end-to-end tests (a Playwright webServer): the app sends to
// it through SMTP_URL, and the tests read what arrived from a small HTTP API on loopback:
// GET /health, GET /messages?to=<address> (JSON, oldest first). Run with tsx.
import http from "node:http";
import { SmtpSink } from "./smtp-sink";

const sink = await SmtpSink.start({ port: Number(process.env.SMTP_SINK_PORT ?? 0) });
const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/health") {
    response.end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(sink.messages.filter((message) => !to || message.to.includes(to))));
    return;
  }
  response.statusCode = 404;
  response.end();
});
await new Promise<void>((resolve) => api.listen(Number(process.env.SMTP_SINK_API_PORT ?? 0), "127.0.0.1", resolve));
console.log(`[smtp-sink] SMTP on ${sink.url}, messages on port ${(api.address() as { port: number }).port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void sink.close().then(() => api.close(() => process.exit(0))));
}
