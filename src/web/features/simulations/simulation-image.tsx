import { useEffect, useRef, useState } from "react";
import { IMAGE_WIDTHS, imageUrlFor } from "~/shared/images";

/** How many characters of the title the placeholder shows (visitor-side §9). */
export const PLACEHOLDER_CHARS = 20;

const STORED = /^\/api\/images\/([0-9a-f]{32})-\d+\.webp$/;
const [CARD_WIDTH, CARD_WIDTH_2X] = IMAGE_WIDTHS["simulation-image"];

interface SimulationImageProps {
  title: string;
  imageUrl: string;
  eager?: boolean;
  /** The first card's image is the largest paint on phones: fetch it before anything else. */
  priority?: boolean;
}

/**
 * The card's artwork, or a gradient with the title's first 20 characters when it is missing or fails
 * to load (spec). A card is at most ~400 CSS px wide, so our stored images go as the 400 px copy with
 * the 800 px one for 2× screens: a short `srcset` (50 cards' worth of markup counts, issue 12).
 */
export function SimulationImage({ title, imageUrl, eager, priority }: SimulationImageProps) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image of the server's HTML can fail before React is there to hear it: look once hydrated.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, []);
  if (!imageUrl || failed) {
    return (
      <div data-testid="image-placeholder" className="sim-art sim-placeholder">
        {title.slice(0, PLACEHOLDER_CHARS)}
      </div>
    );
  }
  const key = STORED.exec(imageUrl)?.[1];
  return (
    <img
      ref={img}
      src={key ? imageUrlFor(key, CARD_WIDTH) : imageUrl}
      srcSet={key ? `${imageUrlFor(key, CARD_WIDTH_2X)} 2x` : undefined}
      alt=""
      width={400}
      height={210}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className="sim-art"
    />
  );
}
