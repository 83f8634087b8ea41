import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const WEB = path.resolve(import.meta.dirname, "../../src/web");
/** Padding and text-size utilities: the button's `size` sets them (components/ui/button.tsx says why). */
const SIZE_CLASS = /(^|\s)(p|px|py|pl|pr|pt|pb)-[\d.]+(?=\s|$)|(^|\s)text-(xs|sm|base|lg|xl)(?=\s|$)/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith(".tsx") ? [path.join(dir, entry.name)] : [],
  );

/** The literal class strings handed to a Button or to buttonClass's `extra`. */
function extraClasses(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/<Button\b[^>]*?\sclassName=(?:"([^"]*)"|\{`([^`]*)`\})/g)) found.push(match[1] ?? match[2]!);
  for (const match of source.matchAll(/buttonClass\(\s*[^,)]+,\s*(?:"([^"]*)"|`([^`]*)`)/g)) found.push(match[1] ?? match[2]!);
  return found;
}

describe("buttons", () => {
  it("take padding and text size from their size, never from an extra class that the default would override", () => {
    const offenders = sources(WEB).flatMap((file) =>
      extraClasses(readFileSync(file, "utf8"))
        .filter((classes) => SIZE_CLASS.test(classes))
        .map((classes) => `${path.relative(WEB, file)}: "${classes}"`),
    );
    expect(offenders).toEqual([]);
  });

  it("finds such a class where it is written (the check can fail)", () => {
    expect(extraClasses('<Button variant="ghost" className="px-2 text-red-700">')).toEqual(["px-2 text-red-700"]);
    expect(extraClasses('className={buttonClass("primary", "px-6 py-3 text-base")}')).toEqual(["px-6 py-3 text-base"]);
    expect(SIZE_CLASS.test("px-2 text-red-700")).toBe(true);
    expect(SIZE_CLASS.test("text-red-700 hover:bg-red-50 w-fit")).toBe(false);
  });
});
