import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "~/shared/constants";

interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, for its canonical URL. */
  path: string;
  baseUrl: string;
  image?: string;
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta({ title, description, path, baseUrl, image, noindex }: PageMeta): MetaDescriptor[] {
  const url = `${baseUrl}${path}`;
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }, { name: "twitter:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The site's public origin, from the root loader (the server's PUBLIC_BASE_URL). */
export function baseUrlFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicBaseUrl?: string } | undefined;
  return root?.publicBaseUrl ?? "";
}
