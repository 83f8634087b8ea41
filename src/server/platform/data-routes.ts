import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

const ROUTES_PARAM = "_routes";

/**
 * Which `_routes` values React Router's client sends with a page's data request (`/about.data?_routes=…`),
 * derived from the build's route manifest, so the public page cache (public-cache.ts) stores only those
 * and serves any other value uncached.
 *
 * The client fetches every matched loader at once (`/about.data`, no query) unless a matched route
 * opts out: its `shouldRevalidate` kept its data, or it has a `clientLoader` (fetched on its own).
 * Only then does it send `_routes`: ids of routes that match the page and have a server loader, in
 * match order, joined with commas and written by URLSearchParams (`root%2Croutes%2Fabout`). So a
 * value is allowed only for a page with such a route among its matches, and only in exactly that
 * form: a handful per page (at most 2^depth − 1), however many values an attacker makes up. A build
 * without any such route (this app's, today) allows none.
 */
export class DataRoutes {
  private readonly tree: RouteNode[];
  private readonly withLoader: Set<string>;
  /** Routes whose data the client may leave out of a page's data request (shouldRevalidate, clientLoader). */
  private readonly optingOut: Set<string>;
  private readonly trailingSlashAware: boolean;

  constructor(build: Pick<ServerBuild, "routes" | "assets" | "future">) {
    const nodes = new Map<string, RouteNode>();
    for (const route of Object.values(build.routes)) {
      if (!route) continue;
      nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    }
    this.tree = [];
    for (const route of Object.values(build.routes)) {
      if (!route) continue;
      const node = nodes.get(route.id)!;
      const parent = route.parentId ? nodes.get(route.parentId) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else this.tree.push(node);
    }
    this.withLoader = new Set(
      Object.values(build.routes)
        .filter((route) => route && (build.assets?.routes?.[route.id]?.hasLoader ?? !!route.module.loader))
        .map((route) => route!.id),
    );
    this.optingOut = new Set(
      Object.values(build.routes)
        .filter((route) => route && (typeof route.module.shouldRevalidate === "function" || !!route.module.clientLoader || !!build.assets?.routes?.[route.id]?.hasClientLoader))
        .map((route) => route!.id),
    );
    this.trailingSlashAware = !!(build.future as { v8_trailingSlashAwareDataRequests?: boolean }).v8_trailingSlashAwareDataRequests;
  }

  /** The page a data request is for (`/_.data` → `/`, `/about.data` → `/about`), or null when it is no data request. */
  pageOf(dataPath: string): string | null {
    if (this.trailingSlashAware && dataPath.endsWith("/_.data")) return dataPath.slice(0, -"_.data".length);
    if (!this.trailingSlashAware && dataPath === "/_root.data") return "/";
    return dataPath.endsWith(".data") ? dataPath.slice(0, -".data".length) : null;
  }

  /** Ids of the routes that match the page, in match order (root first). */
  private matchedIds(pagePath: string): string[] {
    return (matchRoutes(this.tree as RouteObject[], pagePath) ?? []).map((match) => (match.route as RouteNode).id);
  }

  /** Ids of the routes that match the page and have a server loader, in match order (root first). */
  loaderRoutesOf(pagePath: string): string[] {
    return this.matchedIds(pagePath).filter((id) => this.withLoader.has(id));
  }

  /**
   * Whether `query` (the raw query string, without `?`) is a `_routes` value the app's client emits
   * for this data request.
   */
  allows(dataPath: string, query: string): boolean {
    const prefix = `${ROUTES_PARAM}=`;
    if (!query.startsWith(prefix)) return false;
    const page = this.pageOf(dataPath);
    if (page === null) return false;
    let value: string;
    try {
      value = decodeURIComponent(query.slice(prefix.length));
    } catch {
      return false;
    }
    if (new URLSearchParams([[ROUTES_PARAM, value]]).toString() !== query) return false;
    const ids = value.split(",");
    const matchedIds = this.matchedIds(page);
    // Without a route (with a server loader) that opts out, the client asks for the page's whole data: never a `_routes`.
    if (!matchedIds.some((id) => this.optingOut.has(id) && this.withLoader.has(id))) return false;
    const matched = matchedIds.filter((id) => this.withLoader.has(id));
    let last = -1;
    for (const id of ids) {
      const at = matched.indexOf(id);
      if (at <= last) return false;
      last = at;
    }
    return ids.length > 0;
  }

  /** The value the client sends to load these routes (tests and documentation). */
  static query(ids: string[]): string {
    return new URLSearchParams([[ROUTES_PARAM, ids.join(",")]]).toString();
  }
}
