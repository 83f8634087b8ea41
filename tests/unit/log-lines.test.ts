import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { readableLogLine, readableLogStream, wantsReadableLogs } from "~/server/platform/log-lines";

const at = new Date(2026, 10, 29, 14, 35, 18).getTime();

describe("readable log lines", () => {
  it("puts time, level and message first, then the other fields as key=value, nested ones by path", () => {
    const line = JSON.stringify({ level: 30, time: at, pid: 7, hostname: "vm", reqId: "req-1", res: { statusCode: 200 }, responseTime: 1.25, msg: "request completed" });
    expect(readableLogLine(`${line}\n`)).toBe("14:35:18 INFO  request completed reqId=req-1 res.statusCode=200 responseTime=1.25\n");
  });

  it("quotes a value with spaces, shows an error's stack indented below the line", () => {
    const line = JSON.stringify({ level: 50, time: at, path: "/a b", err: { type: "Error", message: "boom", stack: "Error: boom\n    at here" }, msg: "request failed" });
    expect(readableLogLine(line)).toBe('14:35:18 ERROR request failed path="/a b"\n    Error: boom\n        at here\n');
  });

  it("passes a line that is not JSON through as it was", () => {
    expect(readableLogLine("not json")).toBe("not json\n");
  });

  it("is chosen by LOG_FORMAT, else by whether the output is a terminal", () => {
    expect(wantsReadableLogs("text", { isTTY: false })).toBe(true);
    expect(wantsReadableLogs("json", { isTTY: true })).toBe(false);
    expect(wantsReadableLogs(null, { isTTY: true })).toBe(true);
    expect(wantsReadableLogs(null, {})).toBe(false);
  });

  it("is a destination pino writes to", () => {
    const written: string[] = [];
    const out = new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) });
    pino({ base: undefined }, readableLogStream(out)).warn({ engine: "pglite" }, "SMTP_URL is not set");
    expect(written).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}SMTP_URL is not set engine=pglite\n$/)]);
  });
});
