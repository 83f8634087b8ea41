import type { Route } from "./+types/robots";

/** Staff screens and the API stay out of search results; everything else may be crawled. */
export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /simulation-admin",
    "Disallow: /crm",
    "Disallow: /simulation-dashboard",
    "Disallow: /simulation-report/",
    "",
    `Sitemap: ${context.publicBaseUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
