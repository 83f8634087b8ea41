import { useEffect, useRef } from "react";
import { TOAST } from "~/shared/constants";
import { lazyPreloaded, preloadable, usePreloadWhenIdle } from "~/web/lib/preload";
import { useToasts } from "~/web/lib/toast";

// Not in the first JavaScript (most visits never show a toast), but fetched when the browser is idle
// after load, so the first toast appears as soon as its answer does.
export const loadToastItem = preloadable(() => import("./toast-item"));
const ToastItem = lazyPreloaded(loadToastItem);

const HOTKEY: readonly string[] = TOAST.hotkey;
const LABEL = `Notifications (${TOAST.hotkey.join("+")})`;

/**
 * Our own toasts (replacing Radix Toast, which cost ~4 KB compressed on every public page): one toast
 * at a time, 5000 ms (paused while the region is hovered or focused), swipe right 50 px or Close to
 * dismiss, F8 moves focus to the list.
 *
 * The list itself is the polite live region, so screen readers announce each toast as it is added.
 * A modal dialog hides the rest of the page with aria-hidden but leaves [aria-live] elements and their
 * ancestors alone, so toasts stay announced and reachable while a dialog is open.
 *
 * On a phone the toast shows at the top, over the site's header: at the bottom it covered the content
 * a page had just opened on (the dashboard's first report card after "Login successful").
 */
export function Toaster() {
  const toasts = useToasts();
  const list = useRef<HTMLOListElement>(null);
  usePreloadWhenIdle(loadToastItem);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (HOTKEY.includes(event.code) || HOTKEY.includes(event.key)) list.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div
      role="region"
      aria-label={LABEL}
      tabIndex={-1}
    >
      <ol
        ref={list}
        tabIndex={-1}
        aria-live="polite"
        className="pointer-events-none fixed top-0 right-0 z-[100] sm:top-auto sm:bottom-0 flex max-h-screen w-full flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:max-w-[420px]"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </div>
  );
}
