import type { ReactNode } from "react";

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/**
 * A captioned table of figures that scrolls sideways inside its own focusable region on a phone,
 * so the page itself is never wider than the screen.
 */
export function FiguresTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string }) {
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((c, i) => (
              <th key={c.label} scope="col" className={`px-3 py-2 font-semibold ${c.numeric ? "text-right" : ""} ${i === 0 ? "sticky left-0 bg-slate-50" : ""}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-200">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.label} scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-slate-900">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.label} className={`px-3 py-2 text-slate-800 ${c.numeric ? "text-right tabular-nums" : ""}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
