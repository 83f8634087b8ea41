import type { ReactNode } from "react";

interface StaffTableProps {
  /** Read by screen readers only: what the rows are. */
  caption: string;
  headers: readonly ReactNode[];
  /** A Tailwind min-width for wide tables from the md breakpoint up; they scroll inside their own box there. */
  minWidth?: string;
  children: ReactNode;
}

/**
 * The frame of every staff list table: a box that scrolls sideways by itself, a caption, the column heads.
 * On a phone each row is a card (the staff-stack utility): give every cell but the row's name a
 * data-label, its column's head, which the card shows above the value.
 * The box is `relative`: screen-reader-only text in the cells is absolutely positioned, and without a
 * positioned ancestor inside the box it escaped the scrolling and widened the whole page (722 px at 360).
 */
export function StaffTable({ caption, headers, minWidth = "", children }: StaffTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={`staff-stack w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col" className="p-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
