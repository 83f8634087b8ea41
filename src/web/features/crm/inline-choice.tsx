import { ChevronDown, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export interface Choice {
  value: string;
  label: string;
}

const boxClass = "w-full min-w-0 rounded-md border border-slate-300 bg-white px-1.5 py-1.5 text-sm text-slate-900";

/**
 * One inline field of a lead row (owner, priority, stage, status). It shows its value as a button;
 * a click, Enter or Space puts the drop-down in its place, opened, and a choice (or Escape) puts the
 * button back with the focus on it. A list of thousands of leads then holds one <select> at most,
 * not four per row (issue 21 item 6), and a long value (an owner's full name) wraps in the button
 * instead of being cut by the drop-down's width.
 */
export function InlineChoice({
  label,
  value,
  choices,
  busy,
  onChoose,
}: {
  /** "Priority of Kiran Rao": the drop-down's name, and the button's name before its value. */
  label: string;
  value: string;
  choices: Choice[];
  /** The row's change is being saved: the button stays focusable but does nothing. */
  busy?: boolean;
  onChoose: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const focusButton = useRef(false);

  useEffect(() => {
    if (open) {
      select.current?.focus();
      // Opened at once, so one click or Enter shows the choices; refused without a user's gesture.
      try {
        select.current?.showPicker();
      } catch {
        // The drop-down stays focused and closed: Space or Alt+Down opens it.
      }
    } else if (focusButton.current) {
      focusButton.current = false;
      button.current?.focus();
    }
  }, [open]);

  const close = (keepFocus: boolean) => {
    focusButton.current = keepFocus;
    setOpen(false);
  };

  if (open) {
    return (
      <select
        ref={select}
        aria-label={label}
        className={boxClass}
        value={value}
        onChange={(event) => {
          close(true);
          if (event.target.value !== value) onChoose(event.target.value);
        }}
        onBlur={() => close(false)}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          close(true);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }

  const text = choices.find((choice) => choice.value === value)?.label ?? value;
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="listbox"
      aria-disabled={busy || undefined}
      className={`${boxClass} flex items-center justify-between gap-1 text-left hover:border-slate-400 aria-disabled:cursor-wait aria-disabled:text-slate-500`}
      onClick={() => !busy && setOpen(true)}
    >
      <span className="min-w-0 wrap-anywhere">
        <span className="sr-only">{label}: </span>
        {text}
      </span>
      {busy ? (
        <LoaderCircle className="size-4 shrink-0 animate-spin text-slate-500" aria-hidden />
      ) : (
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
      )}
    </button>
  );
}
