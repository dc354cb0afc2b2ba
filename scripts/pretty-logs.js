// The terminal side of `npm start`'s readable logs (docs/decisions/058): reads the server's JSON
// log lines on stdin and prints them for a person, in a process of its own, so formatting them
// costs the server nothing. Request lines, nearly all of them, are formatted here in one short
// line ("[12:00:01.234] INFO: GET /dashboard 200 3.1 ms"), a batch per chunk read; every other
// line (startup, warnings, errors with their stacks) goes through pino-pretty. Run through a
// CPU-hungry pino-pretty stream, request lines cost the server a share of a small machine's CPU.
// A line's `text` (a mail not sent because SMTP_URL is unset) is printed below it as it reads, so
// its links can be followed from the terminal.
import { prettyFactory } from "pino-pretty";

const pretty = prettyFactory({ translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
const INFO = process.stdout.isTTY ? "\u001b[32mINFO\u001b[39m" : "INFO";
const pad = (value, width = 2) => String(value).padStart(width, "0");

/** One log line, readable. */
function readable(line) {
  if (line.includes('"msg":"request"') && line.includes('"level":30')) {
    try {
      const { time, method, path, status, durationMs, userId } = JSON.parse(line);
      const at = new Date(time);
      const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
      return `[${clock}] ${INFO}: ${method} ${path} ${status} ${durationMs} ms${userId ? ` (user ${userId})` : ""}\n`;
    } catch {
      // Not the request line it looked like: pino-pretty shows whatever it is.
    }
  }
  if (line.includes('"text":"')) {
    try {
      const { text, ...rest } = JSON.parse(line);
      if (typeof text === "string") return pretty(JSON.stringify(rest)) + text.replace(/^(?=.)/gm, "      ") + "\n";
    } catch {
      // Not JSON after all: as it is, below.
    }
  }
  return pretty(line);
}

// Ctrl-C reaches every process of the terminal's group: this one keeps printing until the server
// has drained and closed its end of the pipe, so its last lines are seen.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => {});
let partial = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (partial + chunk).split("\n");
  partial = lines.pop() ?? "";
  let text = "";
  for (const line of lines) if (line) text += readable(line);
  if (text) process.stdout.write(text);
});
process.stdin.on("end", () => {
  if (partial) process.stdout.write(readable(partial));
});
