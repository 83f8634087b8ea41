import type { Locator } from "@playwright/test";

/**
 * Everything under `root` that the reader cannot see whole: a line of text, an icon or a control
 * whose box reaches past the window's sides, past a box that clips it (overflow other than visible:
 * a sideways scroller, the dialog) or out of its table cell, card, list item, button or section
 * (where it would run into its neighbour), and a drop-down too narrow for its chosen option.
 * Scrolling up and down (the page, the dialog) is fine; a deliberate line clamp may end a preview
 * with "…" below its last line, never to the side.
 */
export function clipped(root: Locator): Promise<string[]> {
  return root.evaluate((rootElement) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const TOLERANCE = 0.5;
    const CONTAINERS = "td, th, li, button, section, dd, dt, [role=dialog]";
    const describe = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement!;
      const text = (node.textContent ?? "").trim().slice(0, 60);
      return `${element.tagName.toLowerCase()}${element.getAttribute("aria-label") ? `[${element.getAttribute("aria-label")}]` : ""} "${text}"`;
    };
    // Per element: is it drawn at all, and the box (if any) its content must stay inside.
    const hiddenCache = new Map<Element, boolean>();
    const invisible = (element: Element | null): boolean => {
      if (!element || element === document.documentElement) return false;
      let hidden = hiddenCache.get(element);
      if (hidden === undefined) {
        const box = element.getBoundingClientRect();
        hidden = (box.width <= 1 && box.height <= 1) || getComputedStyle(element).visibility === "hidden" || invisible(element.parentElement);
        hiddenCache.set(element, hidden);
      }
      return hidden;
    };
    type Frame = { sideways: boolean; upDown: boolean; clamps: boolean; left: number; right: number; top: number; bottom: number };
    const frameCache = new Map<Element, Frame>();
    const frameOf = (element: Element): Frame => {
      let frame = frameCache.get(element);
      if (!frame) {
        const style = getComputedStyle(element);
        const contains = element.matches(CONTAINERS);
        const box = element.getBoundingClientRect();
        const left = box.left + element.clientLeft;
        const top = box.top + element.clientTop;
        frame = {
          sideways: contains || style.overflowX !== "visible",
          // A scroller (the dialog) may hold more than it shows; hidden overflow may not.
          upDown: (contains && style.overflowY === "visible") || style.overflowY === "hidden" || style.overflowY === "clip",
          clamps: style.webkitLineClamp !== "none",
          left,
          right: left + element.clientWidth,
          top,
          bottom: top + element.clientHeight,
        };
        frameCache.set(element, frame);
      }
      return frame;
    };
    const check = (node: Node, boxes: DOMRect[]) => {
      const element = node instanceof Element ? node : node.parentElement!;
      for (const box of boxes) {
        if (box.width === 0 && box.height === 0) continue;
        if (box.left < -TOLERANCE || box.right > viewport + TOLERANCE) {
          problems.push(`${describe(node)} leaves the window (${Math.round(box.left)}–${Math.round(box.right)} of ${viewport})`);
          return;
        }
        // Within the part under test: the page's own scrolling is checked by the window's sides.
        let clamped = false;
        for (let at = element.parentElement; at && rootElement.contains(at); at = at.parentElement) {
          const frame = frameOf(at);
          if (frame.sideways && (box.left < frame.left - TOLERANCE || box.right > frame.right + TOLERANCE)) {
            problems.push(`${describe(node)} runs out of ${describe(at).split(" ")[0]} at the side (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)})`);
            return;
          }
          clamped ||= frame.clamps;
          if (frame.upDown && !clamped && (box.top < frame.top - TOLERANCE || box.bottom > frame.bottom + TOLERANCE)) {
            problems.push(`${describe(node)} runs out of ${describe(at).split(" ")[0]} below`);
            return;
          }
        }
      }
    };
    const spinning = (element: Element) => element.getAnimations().some((animation) => animation.effect?.getComputedTiming().endTime === Infinity);
    const selects: HTMLSelectElement[] = [];
    const walker = document.createTreeWalker(rootElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) {
        if (!node.textContent?.trim() || node.parentElement?.closest("select, option")) continue;
        if (invisible(node.parentElement!)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        check(node, [...range.getClientRects()]);
      } else if (node instanceof Element && node.matches("svg, button, select, input, a, img")) {
        // A spinner's box turns with it (a 16 px icon's is 22.6 px at 45°) while its drawing stays in
        // place: a CI run caught the list's loading spinner "running out" of its section that way.
        if (invisible(node) || spinning(node)) continue;
        check(node, [node.getBoundingClientRect()]);
        if (node instanceof HTMLSelectElement) selects.push(node);
      }
    }
    // A drop-down shows its chosen option whole when it is at least as wide as a copy holding only
    // that option and no width of its own (the copies are measured together: one layout).
    const shelf = document.createElement("div");
    shelf.style.cssText = "position: absolute; top: 0; left: 0; width: max-content; visibility: hidden";
    const copies = selects.map((select) => {
      const copy = select.cloneNode(false) as HTMLSelectElement;
      const chosen = select.selectedOptions[0];
      if (chosen) copy.append(chosen.cloneNode(true));
      copy.style.cssText = "width: auto; min-width: 0; max-width: none";
      shelf.appendChild(document.createElement("div")).append(copy);
      return copy;
    });
    document.body.append(shelf);
    selects.forEach((select, index) => {
      const needed = copies[index]!.getBoundingClientRect().width;
      const width = select.getBoundingClientRect().width;
      if (needed > width + TOLERANCE) problems.push(`${describe(select)} shows "${select.selectedOptions[0]?.text}" cut off (${Math.round(width)} px of ${Math.round(needed)})`);
    });
    shelf.remove();
    const unique = [...new Set(problems)];
    return unique.length > 40 ? [...unique.slice(0, 40), `and ${unique.length - 40} more`] : unique;
  });
}

/**
 * What is wrong with a staff table (StaffTable) at the window's width: below 768 px each row must be a
 * card — no sideways scrolling in its box, the column heads hidden, each labelled cell showing its
 * column's head above the value — and from 768 px a table with its heads and no cell labels. Either
 * way a cell's data-label must be the head of the column it sits in.
 */
export function staffTableProblems(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const problems: string[] = [];
    const tableElement = element as HTMLTableElement;
    const phone = document.documentElement.clientWidth < 768;
    const heads = [...tableElement.tHead!.rows[0]!.cells].map((cell) => cell.textContent!.trim());
    const box = tableElement.parentElement!;
    if (phone && box.scrollWidth > box.clientWidth + 0.5) problems.push(`the table's box scrolls sideways (${box.scrollWidth} px in ${box.clientWidth})`);
    const headsShown = tableElement.tHead!.getBoundingClientRect().height > 1;
    if (headsShown === phone) problems.push(phone ? "the column heads are shown" : "the column heads are hidden");
    let labelled = 0;
    for (const row of tableElement.tBodies[0]!.rows) {
      [...row.cells].forEach((cell, index) => {
        const label = cell.dataset.label;
        if (label === undefined) return;
        labelled += 1;
        if (label !== heads[index]) problems.push(`row ${row.rowIndex}: a cell labelled "${label}" is in the column "${heads[index]}"`);
        const shown = getComputedStyle(cell, "::before").content;
        const expected = phone ? JSON.stringify(label) : "none";
        if (shown !== expected) problems.push(`row ${row.rowIndex}: the "${label}" cell shows ${shown} before its value, not ${expected}`);
      });
    }
    if (labelled === 0) problems.push("no cell has a data-label");
    return [...new Set(problems)].slice(0, 40);
  });
}
