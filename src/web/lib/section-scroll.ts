import { useLocation, useNavigate } from "react-router";
import { SECTION_SCROLL_WAIT_MS } from "~/shared/constants";

/** How long to keep looking for the section after navigating home (slow devices render late). */
const GIVE_UP_AFTER_MS = 3000;

function scrollWhenPresent(sectionId: string, startedAt = performance.now()) {
  const section = document.getElementById(sectionId);
  if (section) return section.scrollIntoView({ behavior: "smooth" });
  if (performance.now() - startedAt < GIVE_UP_AFTER_MS) requestAnimationFrame(() => scrollWhenPresent(sectionId, startedAt));
}

/** How long a page opened at an anchor keeps it there while what is above it settles (fonts, images, code). */
const SETTLE_MS = 3000;
/** Any of these means the visitor is moving the page themselves: stop holding it. */
const OWN_SCROLL_EVENTS = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Scrolls to the anchor a link named and keeps it under the header while the page settles: a font
 * swap or a picture above it that changes height would otherwise leave the visitor somewhere else
 * (scroll anchoring does not always catch it). Returns the function that stops holding it.
 */
export function holdAtAnchor(target: HTMLElement): () => void {
  target.scrollIntoView();
  const observer = new ResizeObserver(() => target.scrollIntoView());
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of OWN_SCROLL_EVENTS) removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  observer.observe(document.body);
  for (const type of OWN_SCROLL_EVENTS) addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/** Scrolls to a section of the home page, going to / first (and waiting 100 ms) from any other page. */
export function useSectionScroll() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (sectionId: string) => {
    if (pathname === "/") return scrollWhenPresent(sectionId);
    void Promise.resolve(navigate("/")).then(() => setTimeout(() => scrollWhenPresent(sectionId), SECTION_SCROLL_WAIT_MS));
  };
}
