import { useEffect } from "react";

/**
 * Code that a first click needs (dialogs, toasts) stays out of the page's first JavaScript and is
 * fetched ahead of the click instead: when the browser is idle after the page has loaded, or at once
 * on a sign of intent (pointer over, focus, touch). The click then finds it in memory.
 */

/** A dynamic import made at most once (again after a failure), shared by React.lazy and the preloads. */
export function preloadable<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** Runs `work` after the load event, in an idle moment (Safari has no requestIdleCallback: a short delay). */
function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(() => !cancelled && work(), { timeout: 3000 });
    else timer = setTimeout(() => !cancelled && work(), 500);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener("load", schedule);
  };
}

/** Fetches these modules when the browser is idle after the page has loaded, one idle moment each. */
export function usePreloadWhenIdle(...loads: (() => Promise<unknown>)[]): void {
  useEffect(() => {
    const cancels: (() => void)[] = [];
    const next = (index: number) => {
      if (index >= loads.length) return;
      cancels.push(
        whenIdle(() => {
          quietly(loads[index]!);
          next(index + 1);
        }),
      );
    };
    next(0);
    return () => cancels.forEach((cancel) => cancel());
    // The loaders are module-level constants; running once per mount is the intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Event props for the control that opens something: the first sign of intent starts the download. */
export function intentToOpen(load: () => Promise<unknown>) {
  const start = () => quietly(load);
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
}
