import { Columns3, Table2 } from "lucide-react";
import type { CrmLayout } from "./use-crm-layout";

const optionClass = (active: boolean) =>
  `inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-white text-brand-900 shadow-sm" : "text-slate-700 hover:bg-white/60"}`;

/** Table or Board (issue 23 §1), beside the tabs; the address keeps the choice (`?layout=board`). */
export function LayoutSwitch({ layout, onChange }: { layout: CrmLayout; onChange: (layout: CrmLayout) => void }) {
  return (
    <div role="group" aria-label="Show leads as" className="flex gap-1 self-start rounded-lg bg-slate-200/60 p-1">
      <button type="button" className={optionClass(layout === "table")} aria-pressed={layout === "table"} onClick={() => onChange("table")}>
        <Table2 className="size-4" aria-hidden /> Table
      </button>
      <button type="button" className={optionClass(layout === "board")} aria-pressed={layout === "board"} onClick={() => onChange("board")}>
        <Columns3 className="size-4" aria-hidden /> Board
      </button>
    </div>
  );
}
