/**
 * How the library shows a simulation's instructions (visitor-side §2): text is split into
 * numbered steps on "a number followed by a period"; inside a step, segments separated by
 * " - " become bullet sub-points; text outside any numbered step shows with a check mark.
 */
export type InstructionItem =
  | { kind: "step"; number: number; text: string; points: string[] }
  | { kind: "note"; text: string };

/** "3. " at the start or after white space; "2.5", "v2.0" and "No.1" are not steps. */
const STEP = /(?:^|\s)(\d{1,3})\.(?=\s|$)/g;

const splitPoints = (text: string) =>
  text
    .split(/(?:^|\s)-\s+/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter(Boolean);

function notes(text: string): InstructionItem[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-•*]\s*/, "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((line) => ({ kind: "note", text: line }));
}

export function parseInstructions(input: string | null | undefined): InstructionItem[] {
  const text = input ?? "";
  const marks = [...text.matchAll(STEP)].map((m) => ({ number: Number(m[1]), start: m.index!, end: m.index! + m[0].length }));
  if (marks.length === 0) return notes(text);
  const items: InstructionItem[] = notes(text.slice(0, marks[0]!.start));
  marks.forEach((mark, i) => {
    const body = text.slice(mark.end, marks[i + 1]?.start ?? text.length);
    // A "- " right after the number means the step is only bullets, with no lead text.
    const leadsWithBullet = /^\s*-\s/.test(body);
    const parts = splitPoints(body);
    if (parts.length === 0) return;
    const [first, ...rest] = leadsWithBullet ? ["", ...parts] : parts;
    items.push({ kind: "step", number: mark.number, text: first!, points: rest });
  });
  return items;
}
