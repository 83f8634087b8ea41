import { Search } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { inputClass } from "~/web/components/ui/field";

/** The typed text, handed on once typing pauses for `waitMs` (a search box asks the server once per pause). */
export function useSettledText(waitMs: number, onSettle?: () => void) {
  const [typed, setTyped] = useState("");
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(typed);
      onSettle?.();
    }, waitMs);
    return () => clearTimeout(timer);
    // onSettle is a fresh closure each render; only the text decides when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, waitMs]);
  return { typed, setTyped, settled };
}

/** The labelled search box above a staff list. */
export function SearchField({ id, placeholder, value, onChange }: { id: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Search
      </label>
      <div className="relative w-72 max-w-full">
        <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
        <input id={id} type="search" placeholder={placeholder} className={`${inputClass} pl-9!`} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

/** A labelled filter select whose first option means "no filter". */
export function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  allLabel: string;
  value: T | "";
  options: readonly { value: T; label: string }[];
  onChange: (value: T | "") => void;
  className?: string;
}): ReactNode {
  const { id, label, allLabel, value, options, onChange, className = "min-w-48" } = props;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={`${inputClass} ${className}`} value={value} onChange={(e) => onChange(e.target.value as T | "")}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
