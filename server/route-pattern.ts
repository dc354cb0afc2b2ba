// The route a request reached, as a pattern ("/course/:courseId"), for log lines and metric
// labels: a handful of values instead of one per URL.

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

type Candidate = { pattern: string; regex: RegExp; score: number };

/** Builds the matcher once from the Remix build's route manifest. */
export function createRouteMatcher(routes: Record<string, RouteEntry | undefined>) {
  const fullPath = (route: RouteEntry | undefined): string[] => {
    if (!route) return [];
    const own = route.path ? route.path.split("/").filter(Boolean) : [];
    return [...fullPath(route.parentId ? routes[route.parentId] : undefined), ...own];
  };
  const candidates: Candidate[] = [];
  // Paths without parameters are looked up directly (lower case, as the regexes ignore case);
  // only the rest are tried one regex after another.
  const staticPatterns = new Map<string, string>();
  for (const route of Object.values(routes)) {
    if (!route || (!route.path && !route.index)) continue;
    const segments = fullPath(route);
    const pattern = `/${segments.join("/")}`;
    let score = 0;
    const parts = segments.map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) {
        score += 2;
        return "/[^/]+";
      }
      score += 3;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
    candidates.push({ pattern, regex: new RegExp(`^${parts.join("") || "/"}/?$`, "i"), score });
    if (segments.every((segment) => segment !== "*" && !segment.startsWith(":"))) {
      staticPatterns.set(pattern.toLowerCase(), pattern);
    }
  }
  candidates.sort((a, b) => b.score - a.score);

  return function routePattern(pathname: string): string {
    if (pathname.startsWith("/build/")) return "/build/*";
    // Client navigations fetch `<path>.data` (single fetch); the root's is `/_root.data`.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const known = staticPatterns.get((page.length > 1 && page.endsWith("/") ? page.slice(0, -1) : page).toLowerCase());
    if (known) return known;
    return candidates.find((candidate) => candidate.regex.test(page))?.pattern ?? "/*";
  };
}
