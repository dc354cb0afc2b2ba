import { AdminSection, Cell, EmptyNote, TableFrame } from "~/platform/ui/admin/admin-page";
import { formatDay, formatDayTime } from "~/platform/dates";
import { lastDay } from "~/features/catalogue";
import type { memberProfile } from "./member-page.server";

/** The profile page's record of the member: their course progress and what admins did to the account. */
type Profile = Awaited<ReturnType<typeof memberProfile>>;

const AUDIT_LABELS: Record<string, string> = {
  grant_complimentary: "Granted complimentary access",
  revoke_complimentary: "Revoked complimentary access",
  send_sign_in_link: "Sent a sign-in link",
  sign_out_sessions: "Signed out all sessions",
  retry_email: "Retried an email",
  remove_two_factor: "Removed two-factor authentication",
  grant_product: "Granted a product",
  add_member: "Added as a member",
  refund_order: "Refunded an order through Stripe",
  revoke_product: "Revoked a product",
  // The admin command's actions (actor "cli").
  promote_admin: "Made an admin (admin command)",
  demote_admin: "Admin rights taken away (admin command)",
  reset_password: "Set a new password (admin command)",
  // The owner of the address took the account over with a claim link (actor "claim link").
  claim_account: "Taken over by the owner of its address (claim link)",
  export_data: "Exported the member's data",
  // The member's own change (actor "member").
  change_email: "Changed their email address",
};

function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.product === "string") parts.push(`Product: ${details.product}`);
  if (typeof details.order === "string") parts.push(`Order: ${details.order}`);
  if (typeof details.reason === "string") parts.push(`Reason: ${details.reason}`);
  if (typeof details.expiresAt === "string") parts.push(`expires on ${lastDay(details.expiresAt)}`);
  if (typeof details.sessions === "number") parts.push(`${details.sessions} session(s) ended`);
  if (typeof details.from === "string") parts.push(`from ${details.from}`);
  if (typeof details.to === "string") parts.push(`to ${details.to}`);
  return parts.join(", ");
}

export function CourseProgress({ progress }: { progress: Profile["progress"] }) {
  return (
    <AdminSection title="Course progress">
      {progress.length === 0 ? (
        <EmptyNote>No progress recorded.</EmptyNote>
      ) : (
        <TableFrame label="Course progress">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Chapters completed</th>
              <th scope="col">Last viewed</th>
              <th scope="col">Certificate</th>
            </tr>
          </thead>
          <tbody>
            {progress.map((course) => (
              <tr key={course.id}>
                <Cell label="Course">{course.title}</Cell>
                <Cell label="Chapters completed" className="tabular-nums">
                  {course.completed} of {course.total}
                </Cell>
                <Cell label="Last viewed" className="whitespace-nowrap">
                  {course.lastViewedAt ? formatDayTime(course.lastViewedAt) : "—"}
                </Cell>
                <Cell label="Certificate">
                  {course.certifiedAt ? `Completed ${formatDay(course.certifiedAt)}` : "—"}
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}

/** Every admin action on the member (from every concern page), with who took it. */
export function ActivityLog({ activity }: { activity: Profile["activity"] }) {
  return (
    <AdminSection title="Activity log">
      {activity.length === 0 ? (
        <EmptyNote>No admin has acted on this member yet.</EmptyNote>
      ) : (
        <TableFrame label="Activity log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Admin</th>
              <th scope="col">Action</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {activity.map((entry) => (
              <tr key={entry.id}>
                <Cell label="When" className="whitespace-nowrap">
                  {formatDayTime(entry.createdAt)}
                </Cell>
                <Cell label="Admin" className="break-all">
                  {entry.adminEmail}
                </Cell>
                <Cell label="Action">{AUDIT_LABELS[entry.action] ?? entry.action}</Cell>
                <Cell label="Details">{describeDetails(entry.details)}</Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}
