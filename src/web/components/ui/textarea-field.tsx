import type { TextareaHTMLAttributes } from "react";
import { inputClass } from "./field";
import { FieldShell } from "./field-shell";

/** A labelled multi-line input with its error line, like Field. */
export function TextareaField({
  label,
  error,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  return (
    <FieldShell label={label} error={error} className={className}>
      {(control) => <textarea rows={4} className={inputClass} {...control} {...textarea} />}
    </FieldShell>
  );
}
