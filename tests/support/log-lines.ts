import pino from "pino";

/** One line of the app's JSON log (app/platform/log.server.ts), parsed. */
export type LogLine = { level: number; msg: string; [field: string]: unknown };

/** pino's number for a level, as the lines carry it. */
export const levelOf = (level: pino.Level): number => pino.levels.values[level]!;

/**
 * A pino destination that keeps every line the app logs, parsed, for a test to read
 * (`startTestApp(env, { logTo: capture.destination })`).
 */
export function captureLog(): { lines: LogLine[]; destination: { write: (line: string) => void } } {
  const lines: LogLine[] = [];
  return { lines, destination: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } };
}
