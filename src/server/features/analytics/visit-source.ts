import type { VisitSource } from "~/shared/schemas/analytics";

/** The referring site's host, lower case without "www." (null for a malformed or non-web address). */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

const clean = (value: string | undefined) => value?.trim().toLowerCase() || null;

/**
 * The columns an event's visit fills. Privacy: only the referrer's host is kept, never its path or
 * query (a search or a webmail address can hold personal data), and nothing identifies the visitor.
 * The funnel's source is utm_source, else the referrer's host, else "direct".
 */
export function visitColumns(visit: VisitSource | undefined) {
  const referrer = referrerHost(visit?.referrer);
  const utmSource = clean(visit?.utmSource);
  return {
    source: utmSource ?? referrer ?? "direct",
    utmSource,
    utmMedium: clean(visit?.utmMedium),
    utmCampaign: clean(visit?.utmCampaign),
    referrer,
  };
}

/** The source a form's lead is attributed to (lead.visit_source): null when the form carried no visit. */
export const visitSourceOf = (visit: VisitSource | undefined) => (visit ? visitColumns(visit).source : null);
