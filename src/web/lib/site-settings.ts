import { useRouteLoaderData } from "react-router";
import type { PublicSiteSettings } from "~/shared/load-context";

const FALLBACK: PublicSiteSettings = { bookingUrl: null, trySimulationUrl: "/simulations", gaMeasurementId: null };

/** The public site's browser-visible settings, from the root loader (server configuration). */
export function useSiteSettings(): PublicSiteSettings {
  const data = useRouteLoaderData("root") as { site?: PublicSiteSettings } | undefined;
  return data?.site ?? FALLBACK;
}
