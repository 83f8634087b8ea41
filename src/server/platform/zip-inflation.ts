import { inflateRawSync } from "node:zlib";

/**
 * How far a ZIP-based document (.docx) expands when opened. A 5 MB upload can hold a "zip bomb"
 * that inflates to gigabytes in the reader of whoever opens it (or in any later text extraction):
 * every entry is actually inflated here, under a running budget, so the sizes an archive declares
 * about itself are never trusted. Answers "ok", "too-large" (past the budget or too many entries)
 * or "unreadable" (not a plain ZIP: encrypted, ZIP64, unknown compression, broken structure).
 */
export type InflationVerdict = "ok" | "too-large" | "unreadable";

export const ZIP_LIMITS = { maxInflatedBytes: 64 * 1024 * 1024, maxEntries: 5_000 } as const;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

/** One member of a ZIP archive, as its central directory (not its own header) describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the two a plain ZIP uses). */
  method: number;
  /** The compressed bytes, a view into the archive. */
  body: Buffer;
}

/**
 * The archive's members from its central directory: "unreadable" when it is not a plain ZIP
 * (encrypted, ZIP64, unknown compression, a directory that points outside the file), "too-many"
 * past `maxEntries`.
 */
export function zipEntries(data: Buffer, maxEntries: number): ZipEntry[] | "unreadable" | "too-many" {
  if (data.length < 22) return "unreadable";
  const end = findEndOfCentralDirectory(data);
  if (end < 0) return "unreadable";
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return "unreadable";
  if (count > maxEntries) return "too-many";
  const entries: ZipEntry[] = [];
  try {
    for (let index = 0; index < count; index++) {
      if (data.readUInt32LE(at) !== CENTRAL_FILE_HEADER) return "unreadable";
      const flags = data.readUInt16LE(at + 8);
      const method = data.readUInt16LE(at + 10);
      const compressedSize = data.readUInt32LE(at + 20);
      const nameLength = data.readUInt16LE(at + 28);
      const extraLength = data.readUInt16LE(at + 30);
      const commentLength = data.readUInt16LE(at + 32);
      const localOffset = data.readUInt32LE(at + 42);
      const name = data.toString("utf8", at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extraLength + commentLength;
      if (flags & 0x1 || compressedSize === 0xffffffff || localOffset === 0xffffffff) return "unreadable";
      if (method !== 0 && method !== 8) return "unreadable";
      if (data.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) return "unreadable";
      const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
      if (start + compressedSize > data.length) return "unreadable";
      entries.push({ name, method, body: data.subarray(start, start + compressedSize) });
    }
  } catch {
    // A read past the end of the buffer: the directory points outside the file.
    return "unreadable";
  }
  return entries;
}

export function checkZipInflation(data: Buffer, limits: { maxInflatedBytes: number; maxEntries: number } = ZIP_LIMITS): InflationVerdict {
  const entries = zipEntries(data, limits.maxEntries);
  if (entries === "too-many") return "too-large";
  if (entries === "unreadable") return "unreadable";
  let budget = limits.maxInflatedBytes;
  for (const { method, body } of entries) {
    let size = body.length;
    if (method === 8) {
      try {
        size = inflateRawSync(body, { maxOutputLength: budget + 1 }).length;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return "too-large";
        return "unreadable";
      }
    }
    budget -= size;
    if (budget < 0) return "too-large";
  }
  return "ok";
}
