import { ChevronDown } from "lucide-react";
import { Popover } from "radix-ui";

/** A button that opens a list of checkboxes: the spec's multi-select Stage and Status filters. */
export function MultiSelect({ label, plural, options, selected, onChange }: { label: string; plural: string; options: { value: string; label: string }[]; selected: string[]; onChange: (values: string[]) => void }) {
  const summary = selected.length === 0 ? `All ${plural}` : selected.length === 1 ? (options.find((o) => o.value === selected[0])?.label ?? selected[0]) : `${selected.length} ${plural}`;
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex min-w-40 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900" aria-label={`${label} filter: ${summary}`}>
        <span className="truncate">{summary}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-[60] max-h-80 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <fieldset>
            <legend className="px-2 py-1 text-xs font-semibold text-slate-600 uppercase">{label}</legend>
            {options.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-900 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={selected.includes(option.value)}
                  onChange={(e) => onChange(e.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value))}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
