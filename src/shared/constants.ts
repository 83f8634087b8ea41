/** Constants named by the specification (visitor-side §9, internal-side §9). */
export const TOAST = {
  durationMs: 5000,
  limit: 1,
  swipeThresholdPx: 50,
  hotkey: ["F8"],
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

/** Default cache retention of client data: 5 minutes, never stale, no retries. */
export const QUERY_CACHE_MS = 5 * 60 * 1000;

export const HEADER_OPAQUE_AFTER_PX = 10;
export const SECTION_SCROLL_WAIT_MS = 100;

/** Artificial minimum sign-in times from the spec, kept so the screens feel as specified. */
export const ADMIN_LOGIN_DELAY_MS = 1000;
export const CRM_LOGIN_DELAY_MS = 500;

export const SITE_NAME = "Founder's Find";
export const SITE_DESCRIPTION =
  "Startups find generalist talent through job simulations; aspirants become job-ready in the 6-week Founder's Find program.";
