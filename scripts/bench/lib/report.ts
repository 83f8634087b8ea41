// Printing a benchmark's results: aligned tables for people, then one JSON line (the last line) for tools.
import os from "node:os";

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export const log = (line: string) => console.log(`  · ${line}`);

/** An aligned text table; the first `leftColumns` columns are left-aligned, the rest right-aligned. */
export function table(header: string[], rows: (string | number)[][], leftColumns = 1): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("   ");
  return [line(cells[0]!), widths.map((w) => "─".repeat(w)).join("   "), ...cells.slice(1).map(line)].join("\n");
}

export const ms = (value: number) => `${value} ms`;
export const lat = (value: number) => `${value.toFixed(2)} ms`;
export const mb = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(1)} MB`);
export const times = (value: number) => `${value.toFixed(value < 0.1 ? 3 : 2)}×`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The machine's 1, 5 and 15 minute load averages: the machine is shared, so every run says how busy it was. */
export const loadAverage = () => os.loadavg().map((value) => round(value, 2));

/** The figures as the last line of the output: one JSON object. */
export function printFigures(figures: Record<string, unknown>): void {
  console.log(JSON.stringify(figures));
}
