import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useCallback, useState } from "react";
import { groupIndian } from "~/shared/format-number";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { toast } from "~/web/lib/toast";
import type { LeadImportJob } from "~/shared/schemas/crm";
import { ImportMappingStep } from "./import-mapping-step";
import { useImportMapping } from "./use-import-mapping";
import { importFraction, importProgressText, useLeadImport, type ImportState } from "./use-lead-import";

/**
 * The Import CSV Data button, its dialog and, while the dialog is closed, the import's progress beside
 * the button. The import belongs to this (not to the dialog), so closing the dialog leaves it going.
 */
export function ImportCsv() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const onImported = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["crm"], predicate: (query) => query.queryKey[1] !== "sync-csv" }),
    [queryClient],
  );
  const { state, start, follow, clearResult } = useLeadImport(onImported);
  const busy = state.phase === "uploading" || state.phase === "writing";
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload className="size-4" aria-hidden />
        Import CSV Data
      </Button>
      {busy && !open && (
        <p className="self-center text-sm text-slate-700" aria-live="polite" data-testid="import-status">
          {importProgressText(state)}
        </p>
      )}
      <ImportDialog open={open} onOpenChange={setOpen} state={state} onStart={start} onFollow={follow} onClearResult={clearResult} />
    </>
  );
}

/** The import's bar and words: the upload while the file goes up and is checked, then rows written of the file's rows. */
export function ImportProgress({ state }: { state: ImportState }) {
  const busy = state.phase === "uploading" || state.phase === "writing";
  const percent = Math.round(importFraction(state) * 100);
  return (
    <div className="grid gap-1">
      {busy && (
        <div
          role="progressbar"
          aria-label={state.phase === "uploading" ? "Upload progress" : "Rows written"}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={importProgressText(state)}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="import-progress">
        {importProgressText(state)}
      </p>
    </div>
  );
}

/**
 * Import CSV Data: the export's columns. The import belongs to the page (use-lead-import.ts), so the
 * dialog may be closed while it runs and opened again to see it; it shows the upload, then rows
 * written of the file's rows, then what was synced and what was not.
 */
function ImportDialog({
  open,
  onOpenChange,
  state,
  onStart,
  onFollow,
  onClearResult,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: ImportState;
  onStart: (file: File) => void;
  onFollow: (job: LeadImportJob) => void;
  onClearResult: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const onError = useCallback((message: string) => toast({ title: "CSV Import Failed", description: message, variant: "destructive" }), []);
  const mapped = useImportMapping(onError);
  const busy = state.phase === "uploading" || state.phase === "writing";
  const result = state.phase === "done" ? state.result : null;

  const close = (next: boolean) => {
    if (!next && !busy) {
      setFile(null);
      onClearResult();
      mapped.reset();
    }
    onOpenChange(next);
  };
  const run = async (save: Parameters<typeof mapped.run>[0]) => {
    const job = await mapped.run(save);
    if (job) onFollow(job);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      width="max-w-2xl"
      title="Import CSV Data"
      description="Any CSV or XLSX spreadsheet: map its columns to lead fields and see a dry run first (Map columns), or import a CSV with the columns of Export CSV as it is (Import). Rows are matched to leads by email, then mobile."
    >
      <div className="grid gap-4">
        <label className="grid gap-1.5 text-sm font-medium text-slate-800">
          CSV file (or XLSX)
          <input
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy || mapped.state.step === "uploading"}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              mapped.reset();
            }}
            className="text-sm"
          />
        </label>
        {mapped.state.step === "uploading" && (
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="mapping-upload">
            Uploading and reading the columns... {Math.round(mapped.state.fraction * 100)}%
          </p>
        )}
        {mapped.state.step === "mapping" && !busy && (
          <ImportMappingStep state={mapped.state} onChoose={mapped.choose} onDryRun={(save) => void mapped.dryRun(save)} onRun={(save) => void run(save)} busy={busy} />
        )}
        <ImportProgress state={state} />
        {busy && <p className="text-sm text-slate-600">You can close this window: the import goes on, and its progress shows beside Import CSV Data.</p>}
        {result && (
          <div className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
            <p className="font-medium text-slate-900">
              Synced {groupIndian(result.syncedRecords)} records: {groupIndian(result.created)} new, {groupIndian(result.updated)} updated,{" "}
              {groupIndian(result.unchanged)} unchanged
              {result.rejectedRows ? `; ${groupIndian(result.rejectedRows)} rows not imported` : ""}.
            </p>
            {result.rejected.length > 0 && (
              <ul className="max-h-48 overflow-y-auto text-slate-800">
                {result.rejected.map((r, i) => (
                  <li key={`${r.row}-${r.field}-${i}`}>
                    Row {r.row}, {r.field}: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Close
          </Button>
          {mapped.state.step !== "mapping" && (
            <Button variant="secondary" disabled={!file || busy || mapped.state.step === "uploading"} onClick={() => file && void mapped.upload(file)}>
              Map columns
            </Button>
          )}
          <Button disabled={!file || busy || mapped.state.step !== "idle"} onClick={() => file && onStart(file)}>
            {busy ? "Importing..." : "Import"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
