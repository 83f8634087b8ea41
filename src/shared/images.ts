/**
 * Uploaded images are stored once per content hash, pre-resized to the widths the pages need,
 * and served from /api/images/{key}-{width}.webp with a one-year immutable cache.
 */
export const IMAGE_WIDTHS = {
  /** Library cards (about 400 px wide, 2× on phones) and the 1200 px share preview. */
  "simulation-image": [400, 800, 1200],
  /** Mentor portraits (shown at about 160 px). */
  "mentor-image": [160, 320, 640],
} as const;
export type ImageKind = keyof typeof IMAGE_WIDTHS;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const IMAGE_MESSAGES = {
  wrongType: "Please upload an image file",
  tooLarge: "Image size should be less than 5MB",
  missing: "Please choose an image to upload",
} as const;

const STORED = /^\/api\/images\/([0-9a-f]{32})-(\d+)\.webp$/;

/** One of our stored images (/api/images/{key}-{width}.webp), as upload answers it. */
export const isStoredImageUrl = (url: string) => STORED.test(url);

export const imageUrlFor = (key: string, width: number) => `/api/images/${key}-${width}.webp`;

/** srcset for one of our stored images; undefined for an outside link (served as is). */
export function imageSrcSet(url: string, kind: ImageKind): string | undefined {
  const match = STORED.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS[kind].map((width) => `${imageUrlFor(match[1]!, width)} ${width}w`).join(", ");
}
