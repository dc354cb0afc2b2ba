import { useRootData } from "~/platform/hooks/use-root-data";

/**
 * 'Signed in as j.doe@example.com' on the pages that start a purchase (issue 41, decision 069):
 * whoever was signed in to another account (a stranger's emailed link, a shared computer) sees it
 * before paying, since the purchase lands in the account signed in. Nothing for a visitor.
 */
export function SignedInAs({ className = "" }: { className?: string }) {
  const email = useRootData()?.user?.email;
  if (!email) return null;
  return (
    <p className={`text-center text-sm text-slate-600 ${className}`}>
      Signed in as <span className="font-semibold text-slate-900">{email}</span>
    </p>
  );
}
