import { Download } from "lucide-react";
import { useState } from "react";
import { groupIndian } from "~/shared/format-number";
import { buttonClass } from "~/web/components/ui/button";
import { downloadCsv } from "~/web/lib/csv-download";
import { toast } from "~/web/lib/toast";

/**
 * Export CSV of the CRM's current view. Still a link to the export, so it downloads before the page
 * has hydrated; once it has, the page fetches the file itself (web/lib/csv-download.ts says why) and
 * says "Export successful" when the file is saved, with the rows it really holds in Indian grouping.
 * `count` is the list's total: 0 means nothing to export, so no request is made.
 */
export function CrmExportButton({ href, count }: { href: string; count: number | undefined }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { rows } = await downloadCsv(href, `crm-leads-${new Date().toISOString().slice(0, 10)}.csv`);
      if (rows === 0) toast({ title: "No data to export" });
      else toast({ title: "Export successful", description: `Exported ${groupIndian(rows)} CRM leads to CSV` });
    } catch (error) {
      toast({ title: "Export failed", description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      className={`${buttonClass("secondary")} ${busy ? "pointer-events-none opacity-60" : ""}`}
      href={href}
      download
      aria-disabled={busy || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (count === 0) toast({ title: "No data to export" });
        else if (!busy) void run();
      }}
    >
      <Download className={`size-4 ${busy ? "animate-pulse" : ""}`} aria-hidden />
      {busy ? "Exporting..." : "Export CSV"}
    </a>
  );
}
