/**
 * Whether a navigation link points at the page being shown, or at a section it is in: what React
 * Router's NavLink computes for `aria-current`, without the per-link hooks NavLink runs on every
 * render (the site's navigation has up to 14 links; issue 12, member pages).
 */
export function isCurrentPage(pathname: string, to: string): boolean {
  const current = pathname.toLowerCase();
  const target = to.length > 1 && to.endsWith("/") ? to.slice(0, -1).toLowerCase() : to.toLowerCase();
  return current === target || (target !== "/" && current.startsWith(`${target}/`));
}
