import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRef } from "react";
import type { ImportResult } from "~/shared/schemas/simulation-reports-admin";
import { buttonClass } from "~/web/components/ui/button";
import { ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { REPORTS_KEY } from "./use-admin-reports";

async function upload(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/simulation/admin/reports/import", { method: "POST", body: form, credentials: "include" });
  const body = (await response.json().catch(() => null)) as (ImportResult & { error?: { message: string } }) | null;
  if (!response.ok) throw new ApiError(response.status, "invalid", body?.error?.message ?? `${response.status} ${response.statusText}`);
  return body!;
}

/**
 * Import past reports from a CSV in the export's columns. A row with a Report URL (or Result ID)
 * updates that report, so an export imported back changes nothing. Imported reports are not
 * e-mailed; Bulk Notifications tells those candidates.
 */
export function ImportReports() {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: upload,
    onSuccess: (result) => {
      const rejected = result.rejectedRows;
      const first = result.rejected[0];
      toast({
        title: "CSV Import Complete",
        description: `Imported ${result.imported}, updated ${result.updated}, unchanged ${result.unchanged}, rejected ${rejected}${first ? ` (row ${first.row}, ${first.field}: ${first.message})` : ""}`,
        variant: rejected ? "destructive" : "default",
      });
      void queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
    onError: (error) => toast({ title: "CSV Import Failed", description: error.message, variant: "destructive" }),
    onSettled: () => {
      if (input.current) input.current.value = "";
    },
  });
  return (
    <label className={buttonClass("secondary", `cursor-pointer focus-within:outline-3 focus-within:outline-brand-600 ${run.isPending ? "opacity-60" : ""}`)}>
      <Upload className="size-4" aria-hidden />
      {run.isPending ? "Importing..." : "Import CSV"}
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        disabled={run.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) run.mutate(file);
        }}
      />
    </label>
  );
}
