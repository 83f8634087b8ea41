import { Filter, Search, X } from "lucide-react";
import { useState } from "react";
import { inputClass } from "~/web/components/ui/field";

interface LibraryFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  tags: string[];
  selected: string[];
  onToggleTag: (tag: string) => void;
  onClear: () => void;
}

/** Search box, the Filters toggle with its count badge, the tag chips and Clear all filters. */
export function LibraryFilters({ search, onSearch, tags, selected, onToggleTag, onClear }: LibraryFiltersProps) {
  const [open, setOpen] = useState(false);
  const active = search.trim() !== "" || selected.length > 0;
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <label htmlFor="library-search" className="sr-only">
            Search simulations
          </label>
          <input
            id="library-search"
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search simulations by name or keyword..."
            className={`${inputClass} pl-9`}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="library-tags"
          onClick={() => setOpen(!open)}
          className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          <Filter className="size-4" aria-hidden />
          Filters
          {selected.length > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white" aria-label={`${selected.length} selected`}>
              {selected.length}
            </span>
          )}
        </button>
      </div>
      {open && (
        <div id="library-tags" className="flex flex-wrap gap-2 rounded-lg border border-slate-200 bg-white p-3" role="group" aria-label="Filter by tag">
          {tags.map((tag) => {
            const on = selected.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={on}
                onClick={() => onToggleTag(tag)}
                className={`rounded-full border px-3 py-1 text-sm ${on ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
              >
                {tag}
              </button>
            );
          })}
        </div>
      )}
      {active && (
        <div>
          <button type="button" onClick={onClear} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <X className="size-4" aria-hidden /> Clear all filters
          </button>
        </div>
      )}
    </div>
  );
}
