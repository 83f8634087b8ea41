import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server's HTML and during hydration, true once React runs in the browser. */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);
