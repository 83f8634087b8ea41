import { useState } from "react";
import { groupIndian } from "~/shared/format-number";
import type { ImportResult } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { toast } from "~/web/lib/toast";
import { uploadLeadsCsv } from "./use-leads";

/** Import CSV Data: the export's columns; shows upload progress, then what was synced and what was not. */
export function ImportDialog({ open, onOpenChange, onImported }: { open: boolean; onOpenChange: (open: boolean) => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const busy = progress !== null;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setFile(null);
      setResult(null);
    }
    onOpenChange(next);
  };

  const start = async () => {
    if (!file) return;
    setResult(null);
    setProgress(0);
    try {
      const imported = await uploadLeadsCsv(file, setProgress);
      setResult(imported);
      toast({ title: "CSV Import Complete", description: `Successfully synced ${groupIndian(imported.syncedRecords)} records from CSV` });
      onImported();
    } catch (error) {
      toast({ title: "CSV Import Failed", description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    } finally {
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Modal open={open} onOpenChange={close} title="Import CSV Data" description="A CSV with the columns of Export CSV. Rows are matched to leads by email, then mobile.">
      <div className="grid gap-4">
        <label className="grid gap-1.5 text-sm font-medium text-slate-800">
          CSV file
          <input type="file" accept=".csv,text/csv" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
        </label>
        {busy && (
          <div className="grid gap-1">
            <div role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm text-slate-700" aria-live="polite">
              {percent < 100 ? `Uploading and importing... ${percent}%` : "Finishing the last rows..."}
            </p>
          </div>
        )}
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
          <Button variant="secondary" disabled={busy} onClick={() => close(false)}>
            Close
          </Button>
          <Button disabled={!file || busy} onClick={start}>
            {busy ? "Importing..." : "Import"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
