import { useCallback, useState } from "react";
import type { ImportField } from "~/shared/crm/import-fields";
import type { ImportUpload } from "~/shared/schemas/crm-import";
import type { ImportResult, LeadImportJob } from "~/shared/schemas/crm";

/** How often a dry run is looked at while it runs. */
const POLL_MS = 500;

export type SaveScope = "none" | "mine" | "team";

/** Where the mapped import stands in the dialog: the file going up, its mapping, the dry run's figures. */
export type MappingState =
  | { step: "idle" }
  | { step: "uploading"; fraction: number }
  | { step: "mapping"; upload: ImportUpload; mapping: Record<ImportField, number | null>; dryRun: "none" | "running" | ImportResult; fieldErrors: Record<string, string> };

interface ErrorAnswer {
  error?: { message: string; fields?: Record<string, string> };
}

class AnswerError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Sends the file to POST /api/crm/imports with upload progress; resolves with its columns and the mapping to start from. */
function sendFile(file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/crm/imports");
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = parse(request.responseText) as (ImportUpload & ErrorAnswer) | null;
      if (request.status === 201 && body) resolve(body);
      else reject(new AnswerError(body?.error?.message ?? `${request.status} ${request.statusText}`, body?.error?.fields));
    };
    request.onerror = () => reject(new AnswerError("Network error"));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Starts a dry run or the import of the uploaded file (answered at once with the job: Prefer respond-async). */
export async function startMapped(uploadId: string, action: "dry-run" | "run", mapping: Record<string, number | null>, save: SaveScope): Promise<LeadImportJob> {
  const response = await fetch(`/api/crm/imports/${uploadId}/${action}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", prefer: "respond-async" },
    body: JSON.stringify({ mapping, save }),
  }).catch(() => null);
  if (!response) throw new AnswerError("Network error");
  const body = parse(await response.text()) as (LeadImportJob & ErrorAnswer) | null;
  if (response.status !== 202 || !body) throw new AnswerError(body?.error?.message ?? `${response.status} ${response.statusText}`, body?.error?.fields);
  return body;
}

async function followToEnd(job: LeadImportJob): Promise<ImportResult> {
  let state = job;
  while (state.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const response = await fetch(`/api/crm/sync-csv/${job.id}`, { credentials: "include" });
    state = (await response.json()) as LeadImportJob;
  }
  if (state.status !== "done" || !state.result) throw new AnswerError(state.error ?? "The dry run stopped.");
  return state.result;
}

/**
 * The mapping step of Import CSV Data (issue 23 §5): upload any CSV or XLSX, change the suggested
 * mapping, see a dry run; `run` starts the import, which the page then follows as any import.
 */
export function useImportMapping(onError: (message: string) => void) {
  const [state, setState] = useState<MappingState>({ step: "idle" });

  const upload = useCallback(
    async (file: File) => {
      setState({ step: "uploading", fraction: 0 });
      try {
        const answer = await sendFile(file, (fraction) => setState({ step: "uploading", fraction }));
        setState({ step: "mapping", upload: answer, mapping: answer.mapping as Record<ImportField, number | null>, dryRun: "none", fieldErrors: {} });
      } catch (error) {
        setState({ step: "idle" });
        onError(error instanceof Error ? error.message : String(error));
      }
    },
    [onError],
  );

  const choose = useCallback((field: ImportField, column: number | null) => {
    setState((current) => (current.step === "mapping" ? { ...current, mapping: { ...current.mapping, [field]: column }, dryRun: "none", fieldErrors: {} } : current));
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      const fields = error instanceof AnswerError ? error.fields : {};
      setState((current) => (current.step === "mapping" ? { ...current, dryRun: "none", fieldErrors: fields } : current));
      onError(error instanceof Error ? error.message : String(error));
    },
    [onError],
  );

  const dryRun = useCallback(
    async (save: SaveScope) => {
      if (state.step !== "mapping") return;
      setState({ ...state, dryRun: "running", fieldErrors: {} });
      try {
        const result = await followToEnd(await startMapped(state.upload.id, "dry-run", state.mapping, save));
        setState((current) => (current.step === "mapping" ? { ...current, dryRun: result } : current));
      } catch (error) {
        failed(error);
      }
    },
    [state, failed],
  );

  /** Starts the import; the job is handed to the page, which follows it (and re-attaches after a reload). */
  const run = useCallback(
    async (save: SaveScope): Promise<LeadImportJob | null> => {
      if (state.step !== "mapping") return null;
      try {
        const job = await startMapped(state.upload.id, "run", state.mapping, save);
        setState({ step: "idle" });
        return job;
      } catch (error) {
        failed(error);
        return null;
      }
    },
    [state, failed],
  );

  return { state, upload, choose, dryRun, run, reset: () => setState({ step: "idle" }) };
}
