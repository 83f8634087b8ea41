import type { AnalyticsEvent, AnalyticsEventName } from "~/shared/schemas/analytics";
import { currentVisit } from "./visit-source";

/**
 * First-party analytics: events are queued and sent in batches to /api/events, and flushed
 * with sendBeacon when the page is hidden, so nothing is lost on navigation away. No cookies.
 */
const FLUSH_AFTER_MS = 2000;
const MAX_BATCH = 50;
const queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function send(events: AnalyticsEvent[], beacon: boolean) {
  const body = JSON.stringify({ events });
  if (beacon && navigator.sendBeacon?.("/api/events", new Blob([body], { type: "application/json" }))) return;
  void fetch("/api/events", { method: "POST", headers: { "content-type": "application/json" }, body, keepalive: true }).catch(() => {});
}

export function flushAnalytics(beacon = false) {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) send(queue.splice(0, MAX_BATCH), beacon);
}

/** Present only when GA_MEASUREMENT_ID is configured (root layout loads gtag). */
declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export function track(name: AnalyticsEventName, params?: AnalyticsEvent["params"]) {
  if (typeof window === "undefined") return;
  const { visit, landing } = currentVisit(name);
  queue.push({ name, path: window.location.pathname, params, visit, ...(landing ? { landing } : {}) });
  window.gtag?.("event", name, { ...params, page_path: window.location.pathname });
  if (queue.length >= MAX_BATCH) return flushAnalytics();
  timer ??= setTimeout(() => flushAnalytics(), FLUSH_AFTER_MS);
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => flushAnalytics(true));
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushAnalytics(true));
}
