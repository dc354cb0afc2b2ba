import { Link } from "@remix-run/react";
import { secondaryButton } from "./form-controls";

/**
 * 'Previous' and 'Next' under an admin list of pages (members, leads): shown only when there is
 * another page; `hrefFor` builds a page's address with the list's own query.
 */
export function Pager({
  page,
  hasMore,
  hrefFor,
}: {
  page: number;
  hasMore: boolean;
  hrefFor: (page: number) => string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={secondaryButton} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">Page {page}</span>
      {hasMore ? (
        <Link to={hrefFor(page + 1)} className={secondaryButton} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
