import type { ReactNode } from "react";

interface StaffTableProps {
  /** Read by screen readers only: what the rows are. */
  caption: string;
  headers: readonly ReactNode[];
  /** A Tailwind min-width for wide tables; they scroll inside their own box on a small screen. */
  minWidth?: string;
  children: ReactNode;
}

/**
 * The frame of every staff list table: a box that scrolls sideways by itself, a caption, the column heads.
 * The box is `relative`: screen-reader-only text in the cells is absolutely positioned, and without a
 * positioned ancestor inside the box it escaped the scrolling and widened the whole page (722 px at 360).
 */
export function StaffTable({ caption, headers, minWidth = "", children }: StaffTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={`w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headers.map((header, index) => (
              <th key={index} className="p-3">
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
