import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

/**
 * What the dashboard counts a page under: its route's pattern from app/routes.ts, whatever the spelling of the
 * address (/SERVICES, /%73ervices and /services/ are all /services). A parameter keeps its value only in the one
 * spelling its route accepts (a gallery id: digits, no leading zero), and only pages answered 200 are counted, so
 * every kept value names a real gallery; any other spelling counts under the pattern (/gallery/:id). The table of
 * page counts is therefore bounded by the site's own routes and galleries, not by what visitors type.
 */
export type RoutePatterns = (pathname: string) => string | null;

const CANONICAL_ID = /^[1-9]\d{0,14}$/;

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

export function createRoutePatterns(manifest: ServerBuild["routes"]): RoutePatterns {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const top = tree(undefined);

  return (pathname) => {
    let matches;
    try {
      matches = matchRoutes(top, pathname);
    } catch {
      return null;
    }
    if (!matches) return null;
    const segments: string[] = [];
    for (const match of matches) {
      for (const segment of (match.route.path ?? "").split("/")) {
        if (segment === "") continue;
        if (segment.startsWith(":")) {
          const name = segment.slice(1).replace(/\?$/, "");
          const value = match.params[name];
          segments.push(value !== undefined && CANONICAL_ID.test(value) ? value : segment);
        } else {
          segments.push(segment.toLowerCase());
        }
      }
    }
    return `/${segments.join("/")}`;
  };
}
