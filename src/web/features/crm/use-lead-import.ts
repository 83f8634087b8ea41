import { useCallback, useState } from "react";
import { groupIndian } from "~/shared/format-number";
import type { ImportResult, LeadImportJob } from "~/shared/schemas/crm";
import { toast } from "~/web/lib/toast";
import { useLatestJob } from "~/web/lib/use-job-end";

const JOB_KEY = ["crm", "sync-csv"] as const;
/** How often a running import is looked at: the server writes its progress at most every 250 ms. */
const POLL_MS = 1000;

/** Where an import stands: the file going up (and being checked), then its rows being written, then its result. */
export type ImportState =
  | { phase: "idle" }
  | { phase: "uploading"; fraction: number }
  | { phase: "writing"; job: LeadImportJob }
  | { phase: "done"; result: ImportResult };

/** Sends the file and resolves with the job once the server has received and checked it (202). */
function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<LeadImportJob> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/crm/sync-csv");
    request.withCredentials = true;
    // Answered as soon as the file is checked; the rows are then written as a job this page follows.
    request.setRequestHeader("Prefer", "respond-async");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = safeJson(request.responseText) as (LeadImportJob & { error?: { message: string } }) | null;
      if (request.status === 202 && body) resolve(body);
      else reject(new Error(body?.error?.message ?? `${request.status} ${request.statusText}`));
    };
    request.onerror = () => reject(new Error("Network error"));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Rows written of the file's rows, in words (Indian grouping), for the live region. */
export function importProgressText(state: ImportState): string {
  if (state.phase === "uploading") return `Uploading and checking the file... ${Math.round(state.fraction * 100)}%`;
  if (state.phase === "writing") return `Written ${groupIndian(state.job.rowsDone)} of ${groupIndian(state.job.rowsTotal)} rows...`;
  return "";
}

/** The bar's fraction: the upload's bytes while it goes up, then rows written of the file's rows. */
export function importFraction(state: ImportState): number {
  if (state.phase === "uploading") return state.fraction;
  if (state.phase === "writing") return state.job.rowsTotal ? state.job.rowsDone / state.job.rowsTotal : 0;
  return 0;
}

/**
 * The CRM's import, held by the page rather than the dialog: closing the dialog leaves the upload
 * going, and the rows are written on the server as a job this follows. A page opened or reloaded
 * while an import writes shows its progress (the latest import, as Fix Duplicates does).
 */
export function useLeadImport(onImported: () => void) {
  const [uploading, setUploading] = useState<number | null>(null);
  // The import this page started (or followed to its end): its result is shown until cleared.
  const [mine, setMine] = useState<string | null>(null);
  // The import this page saw running: its end is announced once.
  const onEnd = useCallback(
    (ended: LeadImportJob) => {
      if (ended.status === "done" && ended.result) {
        toast({ title: "CSV Import Complete", description: `Successfully synced ${groupIndian(ended.result.syncedRecords)} records from CSV` });
        onImported();
      } else toast({ title: "CSV Import Failed", description: ended.error ?? "The import stopped.", variant: "destructive" });
    },
    [onImported],
  );
  const { job, refetch, show } = useLatestJob<LeadImportJob>(JOB_KEY, "/api/crm/sync-csv", POLL_MS, onEnd);

  const start = useCallback(
    async (file: File) => {
      setMine(null);
      setUploading(0);
      try {
        const started = await uploadFile(file, setUploading);
        setMine(started.id);
        await show(started);
      } catch (error) {
        toast({ title: "CSV Import Failed", description: error instanceof Error ? error.message : String(error), variant: "destructive" });
        // Refused because another import is running (409): follow that one.
        void refetch();
      } finally {
        setUploading(null);
      }
    },
    [refetch, show],
  );

  /** Follows an import started elsewhere (the mapping step): its progress and result, as one started here. */
  const follow = useCallback(
    (started: LeadImportJob) => {
      setMine(started.id);
      void show(started);
    },
    [show],
  );

  const result: ImportResult | null = job && job.id === mine && job.status === "done" ? job.result : null;
  const state: ImportState =
    uploading !== null
      ? { phase: "uploading", fraction: uploading }
      : job?.status === "running"
        ? { phase: "writing", job }
        : result
          ? { phase: "done", result }
          : { phase: "idle" };
  return { state, start, follow, clearResult: () => setMine(null) };
}
