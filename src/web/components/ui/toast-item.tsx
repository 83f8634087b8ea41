import { useEffect, useRef, useState, type PointerEvent, type RefObject } from "react";
import { TOAST } from "~/shared/constants";
import { X } from "~/web/components/ui/icons";
import { dismissToast, type ToastMessage } from "~/web/lib/toast";

/** One toast: loaded with the first toast shown, not with the page (see toaster.tsx). */
export default function ToastItem({ item }: { item: ToastMessage }) {
  const dismiss = () => dismissToast(item.id);
  const ref = useRef<HTMLLIElement>(null);
  const paused = useRegionPaused(ref);
  useAutoDismiss(item.id, paused);
  const swipe = useSwipeRight(dismiss);

  return (
    <li
      ref={ref}
      {...swipe.handlers}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      data-variant={item.variant ?? "default"}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg ${
        item.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      {/* Full-strength text on red-700 (6.4:1): white at 90 % on red-600 was 4.0:1, under WCAG AA's 4.5. */}
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{item.title}</div>
        {item.description && <div className={`text-sm ${item.variant === "destructive" ? "" : "text-slate-700"}`}>{item.description}</div>}
      </div>
      <button type="button" aria-label="Close" onClick={dismiss} className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** True while the pointer is over, or focus is inside, the toast region (the <ol>'s ancestor). */
function useRegionPaused(ref: RefObject<HTMLLIElement | null>) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const region = ref.current?.closest<HTMLElement>("[role=region]");
    if (!region) return;
    setHovered(region.matches(":hover"));
    setFocused(region.contains(document.activeElement));
    const listeners: [string, (event: Event) => void][] = [
      ["pointerenter", () => setHovered(true)],
      ["pointerleave", () => setHovered(false)],
      ["focusin", () => setFocused(true)],
      ["focusout", (event) => setFocused(region.contains((event as FocusEvent).relatedTarget as Node | null))],
    ];
    listeners.forEach(([name, listener]) => region.addEventListener(name, listener));
    return () => listeners.forEach(([name, listener]) => region.removeEventListener(name, listener));
  }, [ref]);
  return hovered || focused;
}

/** Dismisses after TOAST.durationMs of unpaused time: pausing keeps what was left, not a fresh start. */
function useAutoDismiss(id: number, paused: boolean) {
  const remaining = useRef<number>(TOAST.durationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [id, paused]);
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
