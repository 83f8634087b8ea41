import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server's HTML and during hydration, true once React runs in the browser. */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);

let pageHydrated = false;

/**
 * Like useHydrated, for a switch that renders a lot more (the library's remaining cards): after
 * hydration it turns true in a transition, so React renders the extra work in short slices instead
 * of one long main-thread task right after the page hydrated (useHydrated's switch is synchronous).
 * On a client-side navigation, after the first hydration, it is true from the start.
 */
export function useHydratedTransition(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
