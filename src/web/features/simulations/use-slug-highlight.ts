import { useEffect, useState } from "react";
import { gentleScroll } from "~/web/lib/section-scroll";

/** Library timings for a slug link (visitor-side §9). */
export const SCROLL_DELAY_MS = 500;
export const HIGHLIGHT_MS = 3000;

/** For a slug link: after 500 ms scroll the card into view, and keep it highlighted for 3 s. */
export function useSlugHighlight(slug: string | null): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!slug) return;
    const scroll = setTimeout(() => {
      document.getElementById(`simulation-${slug}`)?.scrollIntoView({ behavior: gentleScroll(), block: "center" });
      setHighlighted(slug);
    }, SCROLL_DELAY_MS);
    const clear = setTimeout(() => setHighlighted(null), SCROLL_DELAY_MS + HIGHLIGHT_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(clear);
    };
  }, [slug]);
  return highlighted;
}
