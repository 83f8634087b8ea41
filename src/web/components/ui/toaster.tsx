import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { TOAST } from "~/shared/constants";
import { dismissToast, useToasts } from "~/web/lib/toast";

/** Radix toasts with the spec's constants: 5000 ms, swipe 50 px, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST.durationMs} swipeThreshold={TOAST.swipeThresholdPx} swipeDirection="right">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          data-variant={item.variant ?? "default"}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none ${
            item.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900"
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[...TOAST.hotkey]}
        // Keeps the toasts reachable while a modal dialog hides the rest of the page (Radix skips
        // [aria-live] elements when it sets aria-hidden); "off" because Radix announces each toast itself.
        aria-live="off"
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
