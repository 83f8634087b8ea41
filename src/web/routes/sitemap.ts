import type { Route } from "./+types/sitemap";

/** Public pages worth indexing; the simulation library adds its own entries when it lands. */
const PAGES = ["/", "/founders-find", "/about", "/simulations", "/privacy", "/terms"];

export function loader({ context }: Route.LoaderArgs) {
  const urls = PAGES.map((path) => `  <url><loc>${context.publicBaseUrl}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
