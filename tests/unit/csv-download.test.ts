import { describe, expect, it } from "vitest";
import { csvLine } from "~/server/platform/csv";
import { CsvRecordCounter } from "~/web/lib/csv-download";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("counting an export's rows as they arrive", () => {
  it("counts records, not line breaks inside quoted cells, however the bytes are cut", () => {
    const text = `\uFEFF${csvLine(["Name", "Notes"])}${csvLine(["Asha", "two\nlines, \"quoted\""])}${csvLine(["", "\r\n"])}${csvLine(["ग्राहक", "x"])}`;
    const whole = bytes(text);
    for (const size of [1, 2, 3, 7, whole.length]) {
      const counter = new CsvRecordCounter();
      for (let at = 0; at < whole.length; at += size) counter.add(whole.subarray(at, at + size));
      expect(counter.rows, `chunks of ${size}`).toBe(3);
    }
  });

  it("counts a last line without a line end, and a header alone as none", () => {
    const counter = new CsvRecordCounter();
    counter.add(bytes('"a"\n"b"'));
    expect(counter.rows).toBe(1);
    const header = new CsvRecordCounter();
    header.add(bytes('"a","b"\n'));
    expect(header.rows).toBe(0);
  });
});
