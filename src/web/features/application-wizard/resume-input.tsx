import { FileText, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { RESUME_EXTENSIONS, RESUME_MAX_BYTES, RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from "~/shared/application-options";
import { ErrorLine } from "./form-fields";

/** The browser's check of a chosen résumé; the server checks the content again. */
export function resumeProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((ext) => name.endsWith(ext))) return RESUME_WRONG_TYPE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_TOO_LARGE;
  return null;
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function ResumeInput({ file, onChange, serverError }: { file: File | null; onChange: (file: File | null) => void; serverError?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? serverError;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Resume (optional)
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        PDF or DOCX, max 5MB
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        name="resume"
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const found = chosen ? resumeProblem(chosen) : null;
          setProblem(found);
          if (found && input.current) input.current.value = "";
          onChange(found ? null : chosen);
        }}
      />
      {file && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <FileText className="size-4 text-brand-600" aria-hidden />
          <span>
            {file.name} ({size(file.size)})
          </span>
          <button
            type="button"
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label={`Remove ${file.name}`}
            onClick={() => {
              if (input.current) input.current.value = "";
              onChange(null);
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      )}
      <ErrorLine id={`${id}-error`} error={error} />
    </div>
  );
}
