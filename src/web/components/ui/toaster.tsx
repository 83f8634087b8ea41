import { X } from "~/web/components/ui/icons";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { TOAST } from "~/shared/constants";
import { dismissToast, useToasts, type ToastMessage } from "~/web/lib/toast";

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
 */
export function Toaster() {
  const toasts = useToasts();
  const list = useRef<HTMLOListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

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
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ol
        ref={list}
        tabIndex={-1}
        aria-live="polite"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:max-w-[420px]"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} paused={hovered || focused} />
        ))}
      </ol>
    </div>
  );
}

function ToastItem({ item, paused }: { item: ToastMessage; paused: boolean }) {
  const dismiss = () => dismissToast(item.id);
  useAutoDismiss(dismiss, paused);
  const swipe = useSwipeRight(dismiss);

  return (
    <li
      {...swipe.handlers}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      data-variant={item.variant ?? "default"}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg ${
        item.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{item.title}</div>
        {item.description && <div className="text-sm opacity-90">{item.description}</div>}
      </div>
      <button type="button" aria-label="Close" onClick={dismiss} className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** Dismisses after TOAST.durationMs of unpaused time: pausing keeps what was left, not a fresh start. */
function useAutoDismiss(dismiss: () => void, paused: boolean) {
  const remaining = useRef<number>(TOAST.durationMs);
  const latest = useRef(dismiss);
  latest.current = dismiss;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => latest.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused]);
}

/** Follows a pointer dragged to the right; past TOAST.swipeThresholdPx on release, dismisses. */
function useSwipeRight(dismiss: () => void) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (x: number) => {
    if (start.current === null) return;
    const distance = x - start.current;
    start.current = null;
    setOffset(0);
    if (distance >= TOAST.swipeThresholdPx) dismiss();
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLLIElement>) => {
        if (event.button !== 0 || (event.target as Element).closest("button")) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove: (event: PointerEvent) => {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      },
      onPointerUp: (event: PointerEvent) => end(event.clientX),
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
    },
  };
}
