import { useId, useState } from "react";
import type { ImportField } from "~/shared/crm/import-fields";
import { groupIndian } from "~/shared/format-number";
import type { ImportResult } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import type { MappingState, SaveScope } from "./use-import-mapping";

const rowCount = (rows: number) => `${groupIndian(rows)} ${rows === 1 ? "row" : "rows"}`;

/** Rejected rows shown under the dry run's figures; the import's result lists the rest. */
const SHOWN_REJECTED = 10;

const MAPPED_FROM: Record<"mine" | "team" | "suggested", string> = {
  mine: "Your saved mapping for these columns.",
  team: "The team's saved mapping for these columns.",
  suggested: "Matched by the column names: check each field.",
};

/**
 * The mapping step of Import CSV Data: each lead field ← one of the file's columns or nothing (an
 * example value beside it), required fields marked, a choice to save the mapping, then a dry run's
 * figures and the first rejected rows before the import is started.
 */
export function ImportMappingStep({
  state,
  onChoose,
  onDryRun,
  onRun,
  busy,
}: {
  state: Extract<MappingState, { step: "mapping" }>;
  onChoose: (field: ImportField, column: number | null) => void;
  onDryRun: (save: SaveScope) => void;
  onRun: (save: SaveScope) => void;
  busy: boolean;
}) {
  const { upload, mapping, dryRun, fieldErrors } = state;
  const [save, setSave] = useState<SaveScope>("none");
  const id = useId();
  const example = (column: number | null) => (column === null ? "" : (upload.sample.find((row) => row[column]?.trim())?.[column] ?? ""));
  const result = typeof dryRun === "object" ? dryRun : null;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        {upload.fileName}: {rowCount(upload.rows)}, {upload.columns.length} columns. {MAPPED_FROM[upload.mappingFrom]}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Lead field ← column of the file</legend>
        {upload.fields.map(({ field, required, hint }) => {
          const selectId = `${id}-${field}`;
          const error = fieldErrors[`mapping.${field}`];
          return (
            <div key={field} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center">
              <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                {field}
                {required && <span className="text-red-700"> (required)</span>}
              </label>
              <div className="grid min-w-0 gap-0.5">
                <select
                  id={selectId}
                  value={mapping[field] ?? ""}
                  onChange={(e) => onChoose(field, e.target.value === "" ? null : Number(e.target.value))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined}
                  className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                  disabled={busy}
                >
                  <option value="">Not imported</option>
                  {upload.columns.map((column, index) => (
                    <option key={index} value={index}>
                      {column || `Column ${index + 1}`}
                    </option>
                  ))}
                </select>
                {error ? (
                  <p id={`${selectId}-error`} className="text-xs text-red-700">
                    {error}
                  </p>
                ) : (
                  <p id={`${selectId}-hint`} className="truncate text-xs text-slate-600">
                    {[hint, example(mapping[field]) && `e.g. ${example(mapping[field])}`].filter(Boolean).join(" · ")}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      <label className="grid gap-1 text-sm font-medium text-slate-800 sm:grid-cols-[12rem_1fr] sm:items-center">
        Save this mapping
        <select value={save} onChange={(e) => setSave(e.target.value as SaveScope)} disabled={busy} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="none">Don&apos;t save</option>
          <option value="mine">For me, for files with these columns</option>
          <option value="team">For the team, for files with these columns</option>
        </select>
      </label>
      {result && <DryRunFigures result={result} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy || dryRun === "running"} onClick={() => onDryRun(save)}>
          {dryRun === "running" ? "Checking..." : "Dry run"}
        </Button>
        <Button disabled={busy || !result} onClick={() => onRun(save)} title={result ? undefined : "Run a dry run first"}>
          Import {rowCount(upload.rows)}
        </Button>
      </div>
    </div>
  );
}

/** What the import would do, in the words of its result. */
function DryRunFigures({ result }: { result: ImportResult }) {
  return (
    <div className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite" data-testid="dry-run">
      <p className="font-medium text-slate-900">
        Dry run (nothing written): {groupIndian(result.created)} would be created, {groupIndian(result.updated)} updated, {groupIndian(result.unchanged)} unchanged,{" "}
        {groupIndian(result.rejectedRows)} rejected.
      </p>
      {result.rejected.length > 0 && (
        <ul className="max-h-40 overflow-y-auto text-slate-800">
          {result.rejected.slice(0, SHOWN_REJECTED).map((r, i) => (
            <li key={`${r.row}-${r.field}-${i}`}>
              Row {r.row}, {r.field}: {r.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
