/**
 * Counts the records of a CSV as its bytes arrive: a line end outside quotes ends a record. The
 * exports quote every cell, so a line break inside a cell is always inside quotes; a quote and a
 * line feed are single bytes in UTF-8 and never part of another character, so bytes will do.
 */
export class CsvRecordCounter {
  private quoted = false;
  private lineEnds = 0;
  private pending = false;

  add(bytes: Uint8Array): void {
    let { quoted, lineEnds } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) lineEnds++;
    }
    this.quoted = quoted;
    this.lineEnds = lineEnds;
    if (bytes.length) this.pending = bytes[bytes.length - 1] !== 0x0a;
  }

  /** Records after the header line (a last line without a line end counts too). */
  get rows(): number {
    return Math.max(0, this.lineEnds + (this.pending ? 1 : 0) - 1);
  }
}

/** The name in `content-disposition: attachment; filename="…"`, or `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

/**
 * Downloads a CSV export and resolves, once the file is saved, with how many rows it holds.
 *
 * Why the page reads the download itself: a plain `<a download>` gives the page no event when the
 * file is saved, and the count the list shows beforehand is an estimate at scale, while the toast
 * must name what was exported. A CSV has no trailer, and a streamed response sends its headers
 * before the server knows the count; a follow-up request for a count kept by the server under an
 * export id would say when the server finished sending, not when the browser finished saving, and
 * would add a route and state to the server. Reading the stream here counts exactly the rows saved,
 * and the file is handed to the browser's downloads only when its last byte is in. The parts are
 * kept as a Blob (the browser moves a large one to disk), never as one string.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<{ rows: number; fileName: string }> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`);
  const counter = new CsvRecordCounter();
  const parts: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    counter.add(value);
    parts.push(value);
  }
  const fileName = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  const rows = counter.rows;
  if (rows > 0) save(new Blob(parts as BlobPart[], { type: "text/csv;charset=utf-8" }), fileName);
  return { rows, fileName };
}

function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: the browser may still be reading the Blob for the download.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
