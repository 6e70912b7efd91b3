import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

/**
 * Which addresses the page cache may keep: only each page's one canonical spelling, so that the number of kept
 * pages is bounded by the site's own pages and nobody can fill the cache (and push the real pages out) by
 * spelling one page in endless ways. Any other spelling is still rendered and answered; it is just not kept.
 *
 * - The path is the route's own spelling, matched case-sensitively: `/services`, not `/SERVICES`, `/%73ervices`,
 *   `/services/` or `//services`. A dynamic segment is a plain positive number without leading zeros (the
 *   gallery's id), or, for a parameter named `slug` (a project's address), lower-case words joined by single
 *   hyphens; a route with any other kind of parameter is never kept. The catch-all (not found) route is never kept.
 * - Page data (`/services.data`, `/_.data` for the home page) is the page's address as React Router's client
 *   writes it.
 * - The query is at most, in this order: `service` (a service's id, the reviews' and projects' filter), `after` (a
 *   gallery or projects cursor, a lowercase id), `index` (empty), and
 *   `_routes` (route ids of this address, in the order they match, as React Router's client sends them). Written
 *   exactly as URLSearchParams writes them, each once; anything else (another parameter, another order, another
 *   spelling, `?` alone) is not canonical.
 */

const PATH = /^\/(?:[A-Za-z0-9._~-]+\/)*[A-Za-z0-9._~-]*$/;
const NUMBER = /^[1-9]\d{0,14}$/;
const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A project's slug or a service's id: lower-case words joined by single hyphens. */
const SLUG = /^(?=.{1,80}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_URL = 512;

type Manifest = ServerBuild["routes"];

export type AddressRules = {
  /** Whether the page cache may keep the page at this address (the request's path and query as sent). */
  isCanonical(url: string): boolean;
};

/** The route tree of the server build, every segment matched as written (case-sensitively). */
function routeTree(manifest: Manifest): RouteObject[] {
  const byParent = new Map<string | undefined, NonNullable<Manifest[string]>[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: true }
        : { id: route.id, path: route.path, caseSensitive: true, ...(children.length > 0 ? { children } : {}) };
    });
  return build(undefined);
}

export function createAddressRules(manifest: Manifest): AddressRules {
  const tree = routeTree(manifest);
  return {
    isCanonical(url) {
      if (url.length > MAX_URL) return false;
      const mark = url.indexOf("?");
      const path = mark < 0 ? url : url.slice(0, mark);
      const query = mark < 0 ? null : url.slice(mark + 1);
      if (!PATH.test(path) || path.includes("//") || (path !== "/" && path.endsWith("/"))) return false;
      const isData = path.endsWith(".data");
      const pagePath = path === "/_.data" ? "/" : isData ? path.slice(0, -".data".length) : path;
      if (isData && (pagePath.endsWith("/_") || pagePath === "")) return false;
      const matches = matchRoutes(tree, pagePath);
      if (!matches || matches.length === 0) return false;
      const leaf = matches.at(-1)!;
      if (leaf.route.path?.includes("*")) return false;
      const params = Object.entries(leaf.params);
      if (!params.every(([name, value]) => value !== undefined && (NUMBER.test(value) || (name === "slug" && SLUG.test(value))))) return false;
      if (query === null) return true;
      return isCanonicalQuery(query, isData, matches.map((match) => match.route.id!));
    },
  };
}

function isCanonicalQuery(query: string, isData: boolean, routeIds: string[]): boolean {
  const params = new URLSearchParams(query);
  const canonical = new URLSearchParams();
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return false;
    seen.add(name);
    if (name === "service") {
      if (!SLUG.test(value)) return false;
    } else if (name === "after") {
      if (!CURSOR.test(value)) return false;
    } else if (name === "index") {
      if (value !== "") return false;
    } else if (name === "_routes") {
      if (!isData || !isRoutesParam(value, routeIds)) return false;
    } else {
      return false;
    }
  }
  for (const name of ["service", "after", "index", "_routes"]) {
    const value = params.get(name);
    if (value !== null) canonical.append(name, value);
  }
  return canonical.toString() === query && query !== "";
}

/** Route ids of this address, each once, in the order they match. */
function isRoutesParam(value: string, routeIds: string[]): boolean {
  let last = -1;
  for (const id of value.split(",")) {
    const at = routeIds.indexOf(id);
    if (at <= last) return false;
    last = at;
  }
  return true;
}
