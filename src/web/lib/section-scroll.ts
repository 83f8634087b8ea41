import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { SECTION_SCROLL_WAIT_MS } from "~/shared/constants";

/** "smooth", or "instant" when the visitor's system asks for less motion (prefers-reduced-motion). */
export const gentleScroll = (): ScrollBehavior => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth");

/** How long to keep looking for the section after navigating home (slow devices render late). */
const GIVE_UP_AFTER_MS = 3000;

/**
 * Scrolls to the section once it is on the page (smoothly, unless reduced motion is asked for).
 * Arriving from another page, it also holds the section under the header while the new page settles
 * (a chart fitting its card, a font swap).
 */
function scrollWhenPresent(sectionId: string, hold: boolean, startedAt = performance.now()) {
  const section = document.getElementById(sectionId);
  if (section) {
    if (hold) holdAtAnchor(section, gentleScroll());
    else section.scrollIntoView({ behavior: gentleScroll() });
    return;
  }
  if (performance.now() - startedAt < GIVE_UP_AFTER_MS) requestAnimationFrame(() => scrollWhenPresent(sectionId, hold, startedAt));
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
export function holdAtAnchor(target: HTMLElement, behavior: ScrollBehavior = "instant"): () => void {
  target.scrollIntoView({ behavior });
  const observer = new ResizeObserver(() => target.scrollIntoView({ behavior }));
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

/**
 * A click on an in-page link ("#application"): the section is scrolled to and held under the header.
 * The sections on the way are drawn only as they near the window (below-fold) and take their real
 * height during the scroll, so the browser's own jump from the top of /founders-find ended 750 px past
 * the form on a laptop and 1,150 px short of it on a phone. The address gets the anchor as before.
 */
export function jumpToAnchor(event: MouseEvent<HTMLAnchorElement>) {
  const id = decodeURIComponent(event.currentTarget.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  // The router's own entry is kept (its state), with the anchor in the address.
  history.replaceState(history.state, "", `#${id}`);
  holdAtAnchor(target, gentleScroll());
}

/** Scrolls to a section of the home page, going to / first (and waiting 100 ms) from any other page. */
export function useSectionScroll() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (sectionId: string) => {
    if (pathname === "/") return scrollWhenPresent(sectionId, false);
    void Promise.resolve(navigate("/")).then(() => setTimeout(() => scrollWhenPresent(sectionId, true), SECTION_SCROLL_WAIT_MS));
  };
}
