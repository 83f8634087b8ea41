import type {} from "react-router";
import type { Mentor } from "./schemas/mentors";
import type { Simulation, SimulationCard } from "./schemas/simulations";

/**
 * What the server hands to React Router loaders. Public, read-only data only:
 * private data is reached through /api, where roles are checked.
 */
/** Browser-visible settings of the public site (config: BOOKING_URL, TRY_SIMULATION_URL, GA_MEASUREMENT_ID). */
export type PublicSiteSettings = {
  bookingUrl: string | null;
  trySimulationUrl: string;
  gaMeasurementId: string | null;
};

export type PublicLoadContext = {
  publicBaseUrl: string;
  /**
   * This page's Content-Security-Policy nonce (a new one per request): inline scripts carry it. Null
   * for a render kept in the public cache and shared by every anonymous visitor: its inline scripts
   * are allowed by their hashes instead.
   */
  cspNonce: string | null;
  site: PublicSiteSettings;
  listMentors(): Promise<Mentor[]>;
  /** The library's cards: public simulations only, card fields only. */
  listSimulationCards(): Promise<SimulationCard[]>;
  /** One simulation by slug, public or unlisted (an unlisted one opens by its link). */
  findSimulationBySlug(slug: string): Promise<Simulation | null>;
  /**
   * A GET of this server's own /api with the page request's cookies, for pages that show private
   * data (a candidate's reports): the API stays the only door, and checks who is asking.
   */
  fetchApi(request: Request, path: string): Promise<{ status: number; data: unknown }>;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges our fields into React Router's context type
  interface AppLoadContext extends PublicLoadContext {}
}
