import { Form, Link } from "@remix-run/react";
import {
  AdminSection,
  Cell,
  EmptyNote,
  OUTBOX_STATUS_LABELS,
  StatusBadge,
  TableFrame,
} from "~/platform/ui/admin/admin-page";
import { dangerButton, panelClass, secondaryButton } from "~/platform/ui/admin/form-controls";
import { formatDay, formatDayTime } from "~/platform/dates";
import type { memberSignInHelp } from "./member-page.server";

/**
 * The admin's 'Sign-in help' page (/admin/members/{id}/sign-in): a sign-in link, signing the
 * member out everywhere, removing a lost second factor; the sessions those end and the emails sent.
 */
type SignInHelp = Awaited<ReturnType<typeof memberSignInHelp>>;

export function SignInActions({ twoFactor }: { twoFactor: boolean }) {
  return (
    <AdminSection title="Actions">
      <div className={panelClass}>
        <h3 className="font-semibold">Account</h3>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="send-link" />
            <button type="submit" className={secondaryButton}>
              Send sign-in link
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className={secondaryButton}>
              Sign out all sessions
            </button>
          </Form>
          {twoFactor ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-2fa" />
              <button type="submit" className={dangerButton}>
                Remove two-factor
              </button>
            </Form>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          The sign-in link lets the member choose a password; it works once and expires in 24 hours.
        </p>
        {twoFactor ? (
          <p className="text-sm text-slate-600">
            Remove two-factor is for a member who lost their authentication app and recovery codes: check who is asking
            first. It signs the member out everywhere and emails them.
          </p>
        ) : null}
      </div>
    </AdminSection>
  );
}

export function ActiveSessions({ sessions }: { sessions: SignInHelp["sessions"] }) {
  return (
    <AdminSection title="Active sessions">
      {sessions.length === 0 ? (
        <EmptyNote>No active sessions.</EmptyNote>
      ) : (
        <TableFrame label="Active sessions">
          <thead>
            <tr>
              <th scope="col">Signed in</th>
              <th scope="col">Expires</th>
              <th scope="col">Browser</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session, index) => (
              <tr key={index}>
                <Cell label="Signed in" className="whitespace-nowrap">
                  {formatDayTime(session.createdAt)}
                </Cell>
                <Cell label="Expires" className="whitespace-nowrap">
                  {formatDay(session.expiresAt)}
                </Cell>
                <Cell label="Browser" className="wrap-anywhere">
                  {session.userAgent ?? "—"}
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}

export function MemberEmails({ emails }: { emails: SignInHelp["emails"] }) {
  return (
    <AdminSection title="Emails">
      {emails.length === 0 ? (
        <EmptyNote>No emails sent to this member.</EmptyNote>
      ) : (
        <TableFrame label="Emails">
          <thead>
            <tr>
              <th scope="col">Queued</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => (
              <tr key={email.id}>
                <Cell label="Queued" className="whitespace-nowrap">
                  {formatDayTime(email.createdAt)}
                </Cell>
                <Cell label="Subject">
                  <Link to={`/admin/emails/${email.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {email.subject}
                  </Link>
                </Cell>
                <Cell label="Status">
                  <StatusBadge label={OUTBOX_STATUS_LABELS[email.status]} />
                </Cell>
                <Cell label="Attempts">{email.attempts}</Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}
