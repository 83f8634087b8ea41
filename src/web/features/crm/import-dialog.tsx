import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useCallback, useState } from "react";
import { groupIndian } from "~/shared/format-number";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
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
  const { state, start, clearResult } = useLeadImport(onImported);
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
      <ImportDialog open={open} onOpenChange={setOpen} state={state} onStart={start} onClearResult={clearResult} />
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
  onClearResult,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: ImportState;
  onStart: (file: File) => void;
  onClearResult: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const busy = state.phase === "uploading" || state.phase === "writing";
  const result = state.phase === "done" ? state.result : null;

  const close = (next: boolean) => {
    if (!next && !busy) {
      setFile(null);
      onClearResult();
    }
    onOpenChange(next);
  };

  return (
    <Modal open={open} onOpenChange={close} title="Import CSV Data" description="A CSV with the columns of Export CSV. Rows are matched to leads by email, then mobile.">
      <div className="grid gap-4">
        <label className="grid gap-1.5 text-sm font-medium text-slate-800">
          CSV file
          <input type="file" accept=".csv,text/csv" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
        </label>
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
          <Button disabled={!file || busy} onClick={() => file && onStart(file)}>
            {busy ? "Importing..." : "Import"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
