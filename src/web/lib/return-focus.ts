import { useEffect } from "react";

/**
 * Where the focus goes when a dialog closes. Radix returns it to the dialog's Trigger, but most of our
 * dialogs are opened from state (a row's Edit button, a choice in a drop-down, a card), so it fell to
 * the page's body and a keyboard user started again from the top. Instead: the element focused most
 * recently that is still on the page and outside the closing dialog — the button that opened it, or,
 * when that went away with its choice, the control that took its place (the inline field's button).
 * When nothing qualifies (the row was deleted with everything in it), Radix's own choice stands.
 */
const RECENT = 20;
const recent: HTMLElement[] = [];
let listening = false;

function remember(event: FocusEvent) {
  if (!(event.target instanceof HTMLElement)) return;
  recent.push(event.target);
  if (recent.length > RECENT) recent.shift();
}

/** For a dialog's `onCloseAutoFocus`: sends the focus back to where the person was. */
export function returnFocus(event: Event) {
  // Radix sends the event once the dialog has left the page: nothing in it is connected any more.
  for (let index = recent.length - 1; index >= 0; index--) {
    const element = recent[index]!;
    if (!element.isConnected || element === document.body || (event.currentTarget instanceof Node && event.currentTarget.contains(element))) continue;
    event.preventDefault();
    element.focus({ preventScroll: !isOffScreen(element) });
    return;
  }
}

function isOffScreen(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom < 0 || box.top > window.innerHeight;
}

/** Starts remembering focus, once for the page's life (the root component calls it). */
export function useFocusMemory() {
  useEffect(() => {
    if (listening) return;
    listening = true;
    document.addEventListener("focusin", remember, true);
  }, []);
}
