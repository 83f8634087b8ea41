import type { InputHTMLAttributes } from "react";
import { FieldShell } from "./field-shell";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 aria-[invalid=true]:border-red-600";

/** A labelled input with its error line, wired for screen readers. */
export function Field({
  label,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  return (
    <FieldShell label={label} error={error} className={className}>
      {(control) => <input className={inputClass} {...control} {...input} />}
    </FieldShell>
  );
}
