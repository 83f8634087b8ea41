import { useEffect, useRef } from "react";
import { buttonClass } from "~/web/components/ui/button";

/**
 * "Load more" under the list. It stays enabled (aria-disabled) while a page loads: a disabled
 * button would drop the keyboard's focus. Pressed from the keyboard, it is kept in view as the page
 * arrives, so the rows drawn are the newest ones just above it and Shift+Tab reaches the last lead;
 * the list draws only the rows near the window (issue 21 item 6). A mouse user's view stays put.
 */
export function LoadMoreButton({ loading, loaded, onLoadMore }: { loading: boolean; loaded: number; onLoadMore: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const byKeyboard = useRef(false);
  useEffect(() => {
    const element = button.current;
    if (byKeyboard.current && element && element === document.activeElement) element.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [loaded]);
  return (
    <button
      ref={button}
      type="button"
      className={buttonClass("secondary")}
      aria-disabled={loading}
      onClick={(event) => {
        if (loading) return;
        // A click from Enter or Space has no pointer position (detail 0).
        byKeyboard.current = event.detail === 0;
        onLoadMore();
      }}
    >
      {loading ? "Loading..." : "Load more"}
    </button>
  );
}
