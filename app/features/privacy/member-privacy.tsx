import { Form } from "@remix-run/react";
import { AdminSection } from "~/platform/ui/admin/admin-page";
import { dangerButton, inputClass, panelClass, secondaryButton } from "~/platform/ui/admin/form-controls";

/**
 * Where 'Export data' posts: a resource route, since only a resource route can answer a form with
 * a file (a page's action answers with the page). Before the member page was split by concern it
 * posted to the privacy page's URL, which still forwards it here.
 */
export const adminExportPath = (memberId: string) => `/admin/members/${memberId}/privacy/export`;

/**
 * 'Privacy requests' on /admin/members/{id}/privacy (issue 29, decision 056): the member's data as
 * the same JSON file they download themselves, and their erasure on request. Both are whole-page
 * submissions: the first answers with a file, the second leaves the member's pages behind.
 */
export function MemberPrivacy({ memberId, email }: { memberId: string; email: string }) {
  const action = `/admin/members/${memberId}/privacy`;
  return (
    <AdminSection title="Privacy requests">
      <div className="grid gap-4 lg:grid-cols-2">
        <Form
          method="post"
          action={adminExportPath(memberId)}
          reloadDocument
          className={panelClass}
          aria-labelledby="export-data"
        >
          <h3 id="export-data" className="font-semibold">
            Export data
          </h3>
          <input type="hidden" name="intent" value="export" />
          <p className="text-sm text-slate-600">
            Everything held about this member as one JSON file, the same as their own &lsquo;Download my data&rsquo;.
            Audited.
          </p>
          <button type="submit" className={secondaryButton}>
            Export data
          </button>
        </Form>
        <Form method="post" action={action} reloadDocument className={panelClass} aria-labelledby="erase-member">
          <h3 id="erase-member" className="font-semibold text-red-800">
            Erase member
          </h3>
          <input type="hidden" name="intent" value="erase" />
          <p className="text-sm text-slate-600">
            The same as the member deleting their account: every record naming them goes, orders stay under a random
            pseudonym, and a last email confirms it. This cannot be undone.
          </p>
          <div>
            <label htmlFor="erase-reason" className="block text-sm font-medium text-slate-700">
              Reason
            </label>
            <input id="erase-reason" name="reason" type="text" required maxLength={500} className={inputClass} />
          </div>
          <div>
            <label htmlFor="erase-email" className="block text-sm font-medium text-slate-700">
              Type the member&rsquo;s email address ({email}) to confirm
            </label>
            <input
              id="erase-email"
              name="confirm_email"
              type="email"
              autoComplete="off"
              required
              // The browser refuses a mistyped address before posting (JavaScript or not), so the
              // reason is not lost to a round trip; the server checks it again.
              pattern={exactly(email)}
              title={`Type ${email} exactly`}
              maxLength={254}
              className={inputClass}
            />
          </div>
          <button type="submit" className={dangerButton}>
            Erase member
          </button>
        </Form>
      </div>
    </AdminSection>
  );
}

/** A `pattern` attribute matching exactly this text (escaped for the browser's `v`-flag regexp). */
const exactly = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
