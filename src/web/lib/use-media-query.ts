import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following changes (a rotated phone, a resized window). The
 * server's HTML and hydration assume `serverValue`; the browser's answer follows at once.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
