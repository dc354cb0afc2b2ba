import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import type { ApplicationInput } from "./custom-saas-form";
import type { CustomSaasStatus } from "~/platform/db/db-schema";
import { writeAudit } from "~/platform/audit.server";
import { createApplication, setApplicationStatus } from "./custom-saas-store.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { kickMailer } from "~/platform/mail/sender.server";

/**
 * A custom SaaS owner's application (decision 051): stored, and the support address told through
 * the outbox, in one transaction. The caller has checked that the member owns `custom_saas`.
 */
export async function submitApplication(user: { id: string; email: string; name: string }, input: ApplicationInput) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const id = await createApplication(trx, user.id, input);
      await enqueueEmail(trx, {
        to: env().SUPPORT_EMAIL,
        subject: `New Custom SaaS application from ${user.email}`,
        text: [
          `${user.name || user.email} (${user.email}) applied for the custom SaaS build.`,
          "",
          `Project name: ${input.projectName}`,
          `Hosting preference: ${input.hosting}`,
          `Availability: ${input.availability}`,
          "",
          "Their app:",
          input.description,
          "",
          `Application reference: ${id}`,
        ].join("\n"),
      });
    });
  kickMailer();
}

/** An admin moves an application along (New, In progress, Delivered, Refunded), audited; false when it does not exist. */
export async function changeApplicationStatus(
  admin: { id: string; email: string },
  id: string,
  status: CustomSaasStatus,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const changed = await setApplicationStatus(trx, id, status);
      if (!changed) return false;
      await writeAudit(trx, {
        admin,
        action: "custom_saas_status",
        memberId: changed.userId,
        details: { applicationId: id, before: changed.before, after: status },
      });
      return true;
    });
}
