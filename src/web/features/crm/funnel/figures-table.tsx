import type { ReactNode } from "react";

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

type TableProps<T> = { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string };

/** On a phone each row is a card of label and figure pairs: nothing to scroll sideways, nothing cut off. */
function FigureCards<T>({ caption, columns, rows, rowKey }: TableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <ul aria-label={caption} className="grid gap-2 sm:hidden">
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-lg border border-slate-200 p-3">
          <p className="font-medium text-slate-900 wrap-anywhere">{first!.cell(row)}</p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm">
            {rest.map((c) => (
              <div key={c.label} className="contents">
                <dt className="text-slate-600">{c.label}</dt>
                <dd className="text-right text-slate-900 tabular-nums">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** A captioned table of figures (cards on a phone), so the page is never wider than the screen. */
export function FiguresTable<T>(props: TableProps<T>) {
  return (
    <>
      <FigureCards {...props} />
      <FullTable {...props} />
    </>
  );
}

function FullTable<T>({ caption, columns, rows, rowKey }: TableProps<T>) {
  // min-w-0: as a grid item it would otherwise grow to the table's width instead of scrolling it.
  return (
    <div className="hidden max-w-full min-w-0 overflow-x-auto rounded-lg border border-slate-200 sm:block" tabIndex={0} role="region" aria-label={caption}>
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
