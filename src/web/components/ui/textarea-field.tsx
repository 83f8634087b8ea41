import type { ReactNode, TextareaHTMLAttributes } from "react";
import { inputClass } from "./field";
import { FieldShell } from "./field-shell";

/** A labelled multi-line input with its optional hint and error line, like Field. */
export function TextareaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea rows={4} className={inputClass} {...control} {...textarea} />}
    </FieldShell>
  );
}
