import { sourceLabel } from "~/shared/crm/pipeline";
import type { Lead } from "~/shared/schemas/crm";

const badge = "inline-flex rounded-full px-2 py-0.5 text-xs font-medium";

/** Source type with the underscore shown as a space, plus Brochure and Resume when present (spec §2.4). */
export function SourceBadges({ lead }: { lead: Lead }) {
  return (
    <div className="flex flex-wrap gap-1">
      <span className={`${badge} bg-brand-50 text-brand-800`}>{sourceLabel(lead.sourceType)}</span>
      {lead.downloadBrochure && <span className={`${badge} bg-emerald-50 text-emerald-800`}>Brochure</span>}
      {lead.resumeUrl && (
        <a className={`${badge} bg-amber-50 text-amber-900 underline`} href={lead.resumeUrl} target="_blank" rel="noreferrer">
          Resume<span className="sr-only"> of {lead.fullName || lead.email}</span>
        </a>
      )}
    </div>
  );
}
