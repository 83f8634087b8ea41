import { KeyboardCode, type DragStartEvent } from "@dnd-kit/core";

/** The keys the board's coordinate getter moves a card with (board-view.tsx). */
const ARROWS = new Set<string>([KeyboardCode.Right, KeyboardCode.Left, KeyboardCode.Up, KeyboardCode.Down]);

/**
 * dnd-kit's keyboard sensor starts listening for keys in a timer after the Space that picked a card
 * up (so that Space does not drop it again at once). Chromium runs input before timers, so an arrow
 * pressed right after the pick-up was announced could arrive first and was lost: the card stayed put
 * (a browser test moved it on one try in two). Until the sensor listens, an arrow is held and sent
 * again in a timer of its own, which runs after the sensor's.
 */
export function holdEarlyArrows({ activatorEvent }: DragStartEvent): void {
  if (!(activatorEvent instanceof KeyboardEvent)) return;
  const hold = (event: KeyboardEvent) => {
    if (!ARROWS.has(event.code) || !event.isTrusted || !event.target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { target, key, code } = event;
    setTimeout(() => target.dispatchEvent(new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true })));
  };
  window.addEventListener("keydown", hold, true);
  // Two timers: the sensor's is set after this function returns, so it runs between them.
  setTimeout(() => setTimeout(() => window.removeEventListener("keydown", hold, true)));
}
