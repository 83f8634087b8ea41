import type { SelectHTMLAttributes } from "react";
import { inputClass } from "~/web/components/ui/field";
import { FieldShell } from "~/web/components/ui/field-shell";

export { ErrorLine } from "~/web/components/ui/field-shell";

export type FieldErrors = Record<string, string>;

/** A labelled native select: keyboard and screen-reader friendly on every device. */
export function SelectField({
  label,
  error,
  placeholder,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <select className={inputClass} {...control} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
