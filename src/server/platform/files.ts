import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { FastifyReply } from "fastify";
import type { Db } from "../db/client";
import { storedFile } from "../db/schema";
import { AppError } from "./errors";

export interface DetectedType {
  mime: string;
  ext: string;
}

/** The file's real type from its first bytes; null when nothing known matches. */
export async function detectFileType(data: Buffer): Promise<DetectedType | null> {
  const type = await fileTypeFromBuffer(data);
  return type ? { mime: type.mime, ext: type.ext } : null;
}

/**
 * Refuses a file over `maxBytes` or whose content is none of `allowed` (by MIME type),
 * with the message the caller gives for each case, naming `field`.
 */
export async function checkUpload(
  data: Buffer,
  options: { field: string; maxBytes: number; allowed: readonly string[]; tooLarge: string; wrongType: string },
): Promise<DetectedType> {
  if (data.length > options.maxBytes) throw new AppError("payload_too_large", options.tooLarge, { [options.field]: options.tooLarge });
  const type = await detectFileType(data);
  if (!type || !options.allowed.includes(type.mime)) throw new AppError("invalid", options.wrongType, { [options.field]: options.wrongType });
  return type;
}

/** A file name safe for Content-Disposition: no path, no quotes or control characters. */
export function safeFileName(name: string, fallback = "file"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[^\w.\- ()]+/g, "_").replace(/^\.+/, "").slice(0, 120).trim();
  return cleaned || fallback;
}

export async function storeFile(
  db: Db,
  file: { kind: string; data: Buffer; fileName: string; contentType: string; visibility?: "private" | "public" },
): Promise<{ id: string; sha256: string }> {
  const sha256 = createHash("sha256").update(file.data).digest("hex");
  const [row] = await db
    .insert(storedFile)
    .values({
      kind: file.kind,
      visibility: file.visibility ?? "private",
      contentType: file.contentType,
      fileName: safeFileName(file.fileName),
      size: file.data.length,
      sha256,
      // As base64 text the database decodes: PGlite's own encoding of a bytea parameter builds one string
      // per byte (measured: a 4.5 MB résumé took 2.4 s and its process to ~1 GB resident; 0.2 s this way).
      data: sql`decode(${file.data.toString("base64")}, 'base64')`,
    })
    .returning({ id: storedFile.id });
  return { id: row!.id, sha256 };
}

export async function readStoredFile(db: Db, id: string) {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  return row ?? null;
}

export async function deleteStoredFile(db: Db, id: string): Promise<void> {
  await db.delete(storedFile).where(eq(storedFile.id, id));
}

/** Sends a stored private file as a download: a safe name, never cached on the way. */
export function sendDownload(reply: FastifyReply, file: { data: Buffer; fileName: string; contentType: string }, fallbackName: string): FastifyReply {
  const name = safeFileName(file.fileName, fallbackName);
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header("cache-control", "private, no-store")
    .send(file.data);
}
