import { Download } from "lucide-react";
import { buttonClass } from "~/web/components/ui/button";
import { toast } from "~/web/lib/toast";

/**
 * Export CSV as a plain download link (the server streams the file), with the spec's toasts: "No data
 * to export" instead of an empty file, otherwise "Exported {n} {noun} to CSV". `count` is how many rows
 * the export holds; while it is not known (the list is loading, or failed) the download just goes ahead.
 */
export function CsvExportLink({ href, count, noun }: { href: string; count: number | undefined; noun: string }) {
  return (
    <a
      className={buttonClass("secondary")}
      href={href}
      download
      onClick={(event) => {
        if (count === 0) {
          event.preventDefault();
          toast({ title: "No data to export" });
        } else if (count !== undefined) {
          toast({ title: "Export successful", description: `Exported ${count} ${noun} to CSV` });
        }
      }}
    >
      <Download className="size-4" aria-hidden />
      Export CSV
    </a>
  );
}
