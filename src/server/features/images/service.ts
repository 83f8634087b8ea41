import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Sharp from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_TYPES, IMAGE_WIDTHS, imageUrlFor, type ImageKind } from "~/shared/images";
import type { Db } from "../../db/client";
import { imageVariant, storedFile } from "../../db/schema";
import { invalid } from "../../platform/errors";
import { checkUpload, storeFile } from "../../platform/files";

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips) is loaded on the first image, not at start: measured, it adds ~30 MB to a server
 * that may never resize anything while running. Every variant is made once and stored, so libvips'
 * operation cache (up to 50 MB by default) only holds memory; one thread per resize keeps a burst of
 * uploads from multiplying its buffers by the core count. Measured in `npm run bench:api`.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

/** Refuses decompression bombs: no accepted image needs more than 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

async function resize(data: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(data, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Checks an upload by content and size, then stores it once per content (the key is its hash) as
 * WebP at each width the pages use. Answers the URL of the widest copy.
 */
export async function storeImage(db: Db, kind: ImageKind, data: Buffer): Promise<{ imageUrl: string }> {
  await checkUpload(data, {
    field: "image",
    maxBytes: IMAGE_MAX_BYTES - 1,
    allowed: IMAGE_TYPES,
    tooLarge: IMAGE_MESSAGES.tooLarge,
    wrongType: IMAGE_MESSAGES.wrongType,
  });
  const key = createHash("sha256").update(kind).update(data).digest("hex").slice(0, 32);
  const widths = IMAGE_WIDTHS[kind];
  const imageUrl = imageUrlFor(key, widths[widths.length - 1]!);
  const [existing] = await db.select({ key: imageVariant.key }).from(imageVariant).where(eq(imageVariant.key, key)).limit(1);
  if (existing) return { imageUrl };

  let variants: Buffer[];
  try {
    variants = await Promise.all(widths.map((width) => resize(data, width)));
  } catch {
    // The first bytes said image, but the picture itself cannot be read.
    throw invalid("image", IMAGE_MESSAGES.wrongType);
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    for (const [i, width] of widths.entries()) {
      const file = await storeFile(txDb, {
        kind,
        data: variants[i]!,
        fileName: `${key}-${width}.webp`,
        contentType: "image/webp",
        visibility: "public",
      });
      await tx.insert(imageVariant).values({ key, width, fileId: file.id }).onConflictDoNothing();
    }
  });
  return { imageUrl };
}

/** One stored copy by key and width, for the public image route. */
export async function readImage(db: Db, key: string, width: number) {
  const [row] = await db
    .select({ data: storedFile.data, contentType: storedFile.contentType })
    .from(imageVariant)
    .innerJoin(storedFile, eq(storedFile.id, imageVariant.fileId))
    .where(and(eq(imageVariant.key, key), eq(imageVariant.width, width), eq(storedFile.visibility, "public")));
  return row ?? null;
}
