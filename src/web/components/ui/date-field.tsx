import { useState } from "react";
import { formatDate, parseKolkataDateTime, todayInKolkata } from "~/shared/format-date";
import { Field } from "./field";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored YYYY-MM-DD as the site writes a day ("25 Nov 2026"); anything else (text being typed) as it is. */
const shown = (value: string) => (ISO_DAY.test(value) ? formatDate(`${value}T00:00:00+05:30`) : value);

/** Typed text to a stored day: "25/11/2026", "25-11-2026", "25 Nov 2026" or "2026-11-25"; unreadable text is kept for the server to name. */
function stored(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const at = parseKolkataDateTime(trimmed);
  return at ? todayInKolkata(at) : trimmed;
}

export const UNREADABLE_DAY = "Type the day as DD/MM/YYYY, for example 25/11/2026";

/**
 * A day typed day-first, shown in the site's one date style. A native date input writes its value
 * in the browser's locale (mm/dd/yyyy on an American browser) whatever the page's language, so the
 * CRM's dates would read differently on each desk; this field reads the same everywhere.
 *
 * `value` is YYYY-MM-DD (or "" for none); `onChange` gets YYYY-MM-DD when the text is a real day,
 * otherwise the text itself, which the server refuses naming the field.
 */
export function DateField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const [text, setText] = useState(() => shown(value));
  const [sent, setSent] = useState(value);
  const [left, setLeft] = useState(false);
  const unreadable = !!sent && !ISO_DAY.test(sent);
  // A value set from outside (a form reset to someone else's version) replaces the text.
  if (value !== sent) {
    setSent(value);
    setText(shown(value));
  }
  return (
    <Field
      label={label}
      inputMode="text"
      autoComplete="off"
      placeholder="DD/MM/YYYY"
      value={text}
      // Said once the field is left (not while typing), and in place of the server's YYYY-MM-DD wording.
      error={unreadable && (left || error) ? UNREADABLE_DAY : error}
      onChange={(event) => {
        const next = stored(event.target.value);
        setText(event.target.value);
        setLeft(false);
        setSent(next);
        onChange(next);
      }}
      // Once typed, the day is written out as the rest of the site writes it.
      onBlur={() => {
        setText(shown(sent));
        setLeft(true);
      }}
    />
  );
}
