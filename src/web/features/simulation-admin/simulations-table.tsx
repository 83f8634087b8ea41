import { Eye, EyeOff, Info, Pencil, Trash2 } from "lucide-react";
import { formatDate } from "~/shared/format-date";
import type { Simulation } from "~/shared/schemas/simulations";
import { StaffTable } from "~/web/components/ui/staff-table";

/** Tags a table row shows before "+N" (internal-side §9). */
export const ROW_TAGS = 2;

interface SimulationsTableProps {
  simulations: Simulation[];
  onView: (s: Simulation) => void;
  onToggle: (s: Simulation) => void;
  onEdit: (s: Simulation) => void;
  onDelete: (s: Simulation) => void;
}

const iconButton = "rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

export function SimulationsTable({ simulations, onView, onToggle, onEdit, onDelete }: SimulationsTableProps) {
  return (
    <StaffTable caption="Simulations" headers={["Title", "Visibility", "Tags", "Created", "Updated", "Actions"]} minWidth="min-w-[45rem]">
      {simulations.map((s) => (
        <tr key={s.id} className="border-t border-slate-200">
          <th scope="row" className="p-3 text-left font-medium text-slate-900">
            {s.title}
            <div className="text-xs font-normal text-slate-500">/simulations/{s.slug}</div>
          </th>
          <td data-label="Visibility" className="p-3">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${s.visibility === "public" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800"}`}>
              {s.visibility === "public" ? "Public" : "Unlisted"}
            </span>
          </td>
          <td data-label="Tags" className="p-3">
            <div className="flex flex-wrap gap-1">
              {s.tags.slice(0, ROW_TAGS).map((tag) => (
                <span key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                  {tag}
                </span>
              ))}
              {s.tags.length > ROW_TAGS && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">+{s.tags.length - ROW_TAGS}</span>}
            </div>
          </td>
          <td data-label="Created" className="p-3 whitespace-nowrap text-slate-600">{formatDate(s.createdAt)}</td>
          <td data-label="Updated" className="p-3 whitespace-nowrap text-slate-600">{formatDate(s.updatedAt)}</td>
          <td className="p-3">
            <div className="flex gap-1 md:justify-end">
              <button type="button" className={iconButton} onClick={() => onView(s)} aria-label={`View details of ${s.title}`} title="View details">
                <Info className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => onToggle(s)}
                aria-label={`${s.visibility === "public" ? "Make unlisted" : "Make public"}: ${s.title}`}
                title={s.visibility === "public" ? "Make unlisted" : "Make public"}
              >
                {s.visibility === "public" ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
              </button>
              <button type="button" className={iconButton} onClick={() => onEdit(s)} aria-label={`Edit ${s.title}`} title="Edit">
                <Pencil className="size-4" aria-hidden />
              </button>
              <button type="button" className={`${iconButton} hover:text-red-700`} onClick={() => onDelete(s)} aria-label={`Delete ${s.title}`} title="Delete">
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
