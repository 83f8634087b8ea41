import { createElement, useEffect, useState, type ComponentType } from "react";

/**
 * Code that a first click needs (dialogs, toasts) stays out of the page's first JavaScript and is
 * fetched ahead of the click instead: when the browser is idle after the page has loaded and the visitor
 * has started to use it, or at once on a sign of intent at the control (pointer over, focus, touch).
 * The click then finds it in memory.
 */

/** A dynamic import made at most once (again after a failure), shared by the component and the preloads. */
export interface Preloadable<T> {
  (): Promise<T>;
  /** The module once it has arrived; undefined before. */
  loaded(): T | undefined;
}

export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let pending: Promise<T> | null = null;
  let value: T | undefined;
  const start = () => {
    pending ??= load().then(
      (module) => (value = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(start, { loaded: () => value });
}

/**
 * A component from a preloadable module, without Suspense: a module already here renders at once, one
 * still on its way renders nothing until it arrives. React.lazy would suspend even for a module that
 * resolved long ago, and React holds content revealed by a Suspense boundary back for its fallback
 * throttle (300 ms): with it a preloaded dialog took ~320 ms to open and the first toast ~300 ms.
 * A failed download shows nothing; the next use tries again (preloadable forgets failures).
 */
export function lazyPreloaded<P extends object>(load: Preloadable<{ default: ComponentType<P> }>): ComponentType<P> {
  return function Preloaded(props: P) {
    const [Component, setComponent] = useState(() => load.loaded()?.default);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      load().then(
        (module) => mounted && setComponent(() => module.default),
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    return Component ? createElement(Component, props) : null;
  };
}

const loadZod = preloadable(() => import("~/shared/schemas/zod"));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * An idle preload of a module built on the shared schemas (forms, the application wizard): zod is
 * evaluated in a task of its own, then the module in the next one. Evaluated together they made one
 * main-thread task long enough to block a phone's input (Lighthouse's total blocking time on
 * /founders-find); apart, each is short. The first form to load pays for zod; the rest find it
 * evaluated. A load on intent does not wait like this: the click is coming, and the module's own
 * import fetches zod beside it rather than after it.
 */
export function schemasFirst<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadZod().then(nextTask).then(load);
}

const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** What a visitor does first on a page: move or press the pointer, touch, turn the wheel, press a key. */
const ENGAGEMENT = ["pointermove", "pointerdown", "touchstart", "wheel", "keydown"] as const;
let engaged: Promise<void> | null = null;

/** Resolves at the visitor's first movement on the page (shared by every preload). */
function firstEngagement(): Promise<void> {
  return (engaged ??= new Promise((resolve) => {
    const done = () => {
      for (const type of ENGAGEMENT) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of ENGAGEMENT) window.addEventListener(type, done, { capture: true, passive: true });
  }));
}

/**
 * Runs `work` in an idle moment once the page has loaded and the visitor has started to use it
 * (Safari has no requestIdleCallback: a short delay). A page nobody touches loads no dialog code, so
 * the main thread stays free while a phone is still hydrating the page; a visitor who scrolls or
 * moves the pointer gets the code long before reaching a button, and a click that comes first is
 * covered by intentToOpen.
 */
function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(() => !cancelled && work(), { timeout: 3000 });
    else timer = setTimeout(() => !cancelled && work(), 500);
  };
  const loaded = document.readyState === "complete" ? Promise.resolve() : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  void Promise.all([loaded, firstEngagement()]).then(schedule);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Fetches these modules when the browser is idle after load and first engagement, one idle moment each. */
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
