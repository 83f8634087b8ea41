import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";

/**
 * Window-scrolled virtual rows: of a long list (thousands of leads after many "Load more"), only the
 * rows near the window are in the DOM, the rest stand in as space before and after them, so a page
 * of rows costs the same at the 5,000th row as at the 100th (issue 21 item 6).
 *
 * Rows may differ in height: each drawn row is measured (ResizeObserver) and remembered by its key,
 * the others count as the average drawn row (`estimate` before any is drawn). With `lanes` > 1 (cards two to a line) a line is the
 * unit, as tall as its tallest item. `gap` is the list's own gap between lines (CSS grid gap).
 */
export interface WindowRowsOptions {
  keys: readonly string[];
  estimate: number;
  lanes?: number;
  gap?: number;
  /** How far beyond the window's edges rows are drawn, in px: Tab and scrolling find rows ready. */
  overscan?: number;
}

export interface WindowRows {
  /** Items [start, end) are drawn. */
  start: number;
  end: number;
  /** Space standing in for the rows above and below the drawn ones, px. */
  before: number;
  after: number;
  /** Ref callback for a drawn item; the item carries data-key (its key). */
  measure: (element: HTMLElement | null) => void;
}

const FIRST_LINES = 12;

/** The first line whose end lies below `y` (offsets[i] is where line i starts; offsets[n] the end). */
function lineAt(offsets: Float64Array, y: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `listRef` is the element whose top is where the first row starts (a table's tbody, a list). */
export function useWindowRows(
  listRef: RefObject<HTMLElement | null>,
  { keys, estimate, lanes = 1, gap = 0, overscan = 800 }: WindowRowsOptions,
): WindowRows {
  // Measured heights by key: a new map per batch of measurements, so the offsets follow.
  const [heights, setHeights] = useState(() => new Map<string, number>());
  const lines = Math.ceil(keys.length / lanes);

  // Where each line starts, from the heights known so far (one pass; thousands of lines is cheap).
  const offsets = useMemo(() => {
    // A row not yet drawn counts as the average drawn one (the estimate only before any is drawn), so
    // the space held for the rows below is close to what they will take.
    let sum = 0;
    for (const height of heights.values()) sum += height;
    const guess = heights.size ? sum / heights.size : estimate;
    const result = new Float64Array(lines + 1);
    for (let line = 0; line < lines; line++) {
      let height = 0;
      let known = false;
      for (let lane = 0; lane < lanes; lane++) {
        const key = keys[line * lanes + lane];
        const size = key === undefined ? undefined : heights.get(key);
        if (size !== undefined) {
          height = Math.max(height, size);
          known = true;
        }
      }
      result[line + 1] = result[line]! + (known ? height : guess) + gap;
    }
    return result;
  }, [keys, lines, lanes, gap, estimate, heights]);

  const [range, setRange] = useState({ first: 0, last: Math.min(lines, FIRST_LINES) });

  const place = useCallback(() => {
    const list = listRef.current;
    if (!list || lines === 0) return setRange((r) => (r.first === 0 && r.last === 0 ? r : { first: 0, last: 0 }));
    // How far the window's top is below the list's top (negative while the list is further down).
    const top = -list.getBoundingClientRect().top;
    const first = lineAt(offsets, Math.max(0, top - overscan));
    const last = Math.min(lines, lineAt(offsets, Math.max(0, top + window.innerHeight + overscan)) + 1);
    setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
  }, [listRef, offsets, lines, overscan]);

  useLayoutEffect(place, [place]);

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), place()));
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [place]);

  // One observer for the drawn items: a new height is remembered and the offsets recomputed once per batch.
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    observer.current ??= new ResizeObserver((entries) => {
      const sizes: [string, number][] = [];
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.key;
        const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
        if (key && entry.target.isConnected && height > 0) sizes.push([key, height]);
      }
      setHeights((known) => {
        const changed = sizes.filter(([key, height]) => Math.abs((known.get(key) ?? -1) - height) > 0.5);
        return changed.length ? new Map([...known, ...changed]) : known;
      });
    });
    const watched = observer.current;
    watched.observe(element);
    return () => watched.unobserve(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  const first = Math.min(range.first, lines);
  const last = Math.min(Math.max(range.last, first), lines);
  return {
    start: first * lanes,
    end: Math.min(keys.length, last * lanes),
    before: offsets[first]!,
    after: offsets[lines]! - offsets[last]!,
    measure,
  };
}
