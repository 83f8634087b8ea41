import { useState } from "react";
import { imageSrcSet, type ImageKind } from "~/shared/images";

/** How many characters of the title the placeholder shows (visitor-side §9). */
export const PLACEHOLDER_CHARS = 20;

interface SimulationImageProps {
  title: string;
  imageUrl: string;
  sizes?: string;
  kind?: ImageKind;
  eager?: boolean;
  /** The first card's image is the largest paint on phones: fetch it before anything else. */
  priority?: boolean;
}

/** The card image, or a gradient with the title's first 20 characters when missing or broken. */
export function SimulationImage({ title, imageUrl, sizes = "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw", kind = "simulation-image", eager, priority }: SimulationImageProps) {
  const [failed, setFailed] = useState(false);
  if (!imageUrl || failed) {
    return (
      <div
        data-testid="image-placeholder"
        className="flex aspect-[40/21] w-full items-center justify-center bg-gradient-to-br from-brand-600 via-indigo-500 to-sky-500 p-4 text-center text-xl font-bold text-white"
      >
        {title.slice(0, PLACEHOLDER_CHARS)}
      </div>
    );
  }
  return (
    <img
      src={imageUrl}
      srcSet={imageSrcSet(imageUrl, kind)}
      sizes={sizes}
      alt=""
      width={1200}
      height={630}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[40/21] w-full bg-slate-200 object-cover"
    />
  );
}
