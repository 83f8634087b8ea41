import type { Writable } from "node:stream";

/**
 * Logs a person reads in a terminal (`npm start`, `npm run dev`): one line per entry — time, level,
 * message, then the entry's other fields as key=value — and an error's stack below it, instead of
 * pino's JSON. Machines (a log collector, `docker compose logs` piped on) keep the JSON: chosen by
 * LOG_FORMAT, or by whether the output is a terminal (config.ts).
 */
const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
/** pino's own fields, shown in the line's head or not at all. */
const HEAD = new Set(["level", "time", "msg", "pid", "hostname", "v"]);

type Entry = Record<string, unknown>;

function flatten(value: unknown, prefix: string, into: string[]) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, `${prefix}.${key}`, into);
    return;
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  into.push(`${prefix}=${/[\s"=]/.test(text) || text === "" ? JSON.stringify(text) : text}`);
}

/** One JSON log line as a person reads it; a line that is not JSON comes back as it was. */
export function readableLogLine(line: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toTimeString().slice(0, 8) : "--:--:--";
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const { err, ...rest } = entry as Entry & { err?: { message?: string; stack?: string } };
  const fields: string[] = [];
  for (const [key, value] of Object.entries(rest)) if (!HEAD.has(key) && value !== undefined) flatten(value, key, fields);
  const message = typeof entry.msg === "string" ? entry.msg : "";
  const head = [time, level, message, ...fields].filter(Boolean).join(" ");
  const stack = err?.stack ?? err?.message;
  return `${head}\n${stack ? `${stack.replace(/^/gm, "    ")}\n` : ""}`;
}

/** LOG_FORMAT when set; otherwise readable lines on a terminal and JSON anywhere else. */
export const wantsReadableLogs = (format: "json" | "text" | null, out: { isTTY?: boolean } = process.stdout) =>
  format ? format === "text" : out.isTTY === true;

/** A pino destination that writes readable lines to `out`. */
export const readableLogStream = (out: Pick<Writable, "write"> = process.stdout) => ({
  write: (line: string) => void out.write(readableLogLine(line)),
});
