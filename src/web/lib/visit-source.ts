import type { AnalyticsEventName, VisitSource } from "~/shared/schemas/analytics";

const KEY = "ff_visit";

/**
 * Where this visit came from, sent with each first-party event so the CRM funnel can split by
 * source. A visit is a browser tab's session: it starts on arrival from another site (or typed in)
 * or on an address with UTM parameters, and its source is kept in sessionStorage for the tab only.
 * Nothing in it identifies the person: the UTM parameters and the referring page (the server keeps
 * only its host). Not a cookie, never sent anywhere but our own /api/events.
 */
let visit: VisitSource | undefined;
let landingPending = false;

function arrive(): VisitSource {
  const url = new URL(window.location.href);
  const utm = (name: string) => url.searchParams.get(name)?.slice(0, 100) || undefined;
  let referrer: string | undefined;
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    referrer = from && from.host !== url.host ? from.origin : undefined;
  } catch {
    referrer = undefined;
  }
  return { utmSource: utm("utm_source"), utmMedium: utm("utm_medium"), utmCampaign: utm("utm_campaign"), referrer };
}

function load() {
  const arrived = arrive();
  let stored: VisitSource | undefined;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    stored = raw ? (JSON.parse(raw) as VisitSource) : undefined;
  } catch {
    stored = undefined;
  }
  // A reload keeps the first address's referrer: the same visit.
  const reload = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
  // A new visit: nothing stored for this tab, or the person came back from another site or a campaign link.
  if (!stored || (!reload && (arrived.utmSource || arrived.referrer))) {
    visit = arrived;
    landingPending = true;
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(arrived));
    } catch {
      // Storage blocked: the visit lives as long as the page.
    }
  } else visit = stored;
}

/** The visit a form is sent from: the CRM attributes the person's lead to its source (first touch). */
export function formVisit(): VisitSource | undefined {
  if (typeof window === "undefined") return undefined;
  if (!visit) load();
  return visit;
}

/** The visit an event belongs to; `landing` on the visit's first page view. */
export function currentVisit(name: AnalyticsEventName): { visit: VisitSource | undefined; landing: boolean } {
  const current = formVisit();
  // Never pending on the server: load() runs in the browser only.
  const landing = name === "page_view" && landingPending;
  if (landing) landingPending = false;
  return { visit: current, landing };
}
