import { ChevronDown, Search } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { LEAD_STAGES, LEAD_STATUSES, statusLabel } from "~/shared/crm/pipeline";
import { SCORE_FILTERS } from "~/shared/crm/lead-score";
import type { LeadOwner } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { MultiSelect } from "./multi-select";
import type { CrmFilters } from "./use-crm-filters";
import { groupIndian } from "~/shared/format-number";

const SEARCH_DEBOUNCE_MS = 300;
const control = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

/** A native drop-down of the bar, drawn like the Stage and Status pickers beside it (same chevron). */
function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className="relative">
      <span className="sr-only">{label}</span>
      <select className={`${control} appearance-none pr-9`} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
    </label>
  );
}

/**
 * Search, Stage, Owner and Status filters (spec §2.4). The status options are the pipeline's
 * statuses: the server keeps only those, so they are exactly the ones the data can hold.
 */
export function FilterBar({
  filters,
  owners,
  active,
  onChange,
  onClear,
  exportButton,
  followUpCount,
}: {
  filters: CrmFilters;
  owners: LeadOwner[];
  active: boolean;
  onChange: (change: Partial<CrmFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  exportButton?: ReactNode;
  /** Leads with a follow-up date today or earlier, under the other filters ("…" while it loads). */
  followUpCount?: { total: number; estimate: boolean } | "loading";
}) {
  const [text, setText] = useState(filters.q);
  const search = useRef<HTMLInputElement>(null);
  // The URL is the truth: Back/Forward or Clear Filters bring the box along.
  const [urlQ, setUrlQ] = useState(filters.q);
  if (urlQ !== filters.q) {
    setUrlQ(filters.q);
    setText(filters.q);
  }
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3" role="search">
      <label className="relative min-w-56 flex-1">
        <span className="sr-only">Search leads</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input ref={search} type="search" className={`${control} w-full pl-9`} placeholder="Search leads..." value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <MultiSelect label="Stage" plural="Stages" options={LEAD_STAGES.map((s) => ({ value: s, label: s }))} selected={filters.stage} onChange={(stage) => onChange({ stage })} />
      <FilterSelect label="Owner" value={filters.owner} onChange={(owner) => onChange({ owner })}>
        <option value="">All Owners</option>
        <option value="unassigned">Unassigned</option>
        {owners.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </FilterSelect>
      <MultiSelect label="Status" plural="Statuses" options={LEAD_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} selected={filters.status} onChange={(status) => onChange({ status })} />
      <FilterSelect label="Minimum lead score" value={String(filters.scoreMin)} onChange={(min) => onChange({ scoreMin: Number(min) })}>
        <option value={0}>Any score</option>
        {SCORE_FILTERS.map((min) => (
          <option key={min} value={min}>
            Score {min}+
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Sort leads" value={filters.sort} onChange={(sort) => onChange({ sort: sort as CrmFilters["sort"] })}>
        <option value="newest">Newest first</option>
        <option value="score">Highest score first</option>
      </FilterSelect>
      <Button variant={filters.followUp ? "primary" : "secondary"} aria-pressed={filters.followUp} aria-busy={followUpCount === "loading"} onClick={() => onChange({ followUp: !filters.followUp })}>
        Follow-ups due
        {followUpCount === "loading" ? " (…)" : followUpCount ? ` (${followUpCount.estimate ? "about " : ""}${groupIndian(followUpCount.total)})` : ""}
      </Button>
      {exportButton}
      {active && (
        <Button
          variant="ghost"
          onClick={() => {
            setText("");
            onClear();
            // The button goes with the filters: the focus moves to the search box, not to the page's top.
            search.current?.focus();
          }}
        >
          Clear Filters
        </Button>
      )}
    </div>
  );
}
