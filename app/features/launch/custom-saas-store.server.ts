import { sql } from "kysely";
import type { CustomSaasStatus } from "~/platform/db/db-schema";
import { db, type Database } from "~/platform/db/db.server";
import type { ApplicationInput } from "./custom-saas-form";

/** Custom SaaS project applications (table custom_saas_applications). */
export async function createApplication(trx: Database, userId: string, input: ApplicationInput): Promise<string> {
  const row = await trx
    .insertInto("custom_saas_applications")
    .values({
      user_id: userId,
      project_name: input.projectName,
      description: input.description,
      availability: input.availability,
      hosting: input.hosting,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ApplicationEntry = {
  id: string;
  email: string;
  projectName: string;
  description: string;
  availability: string;
  hosting: string;
  status: CustomSaasStatus;
  createdAt: Date;
};

/** Every application, newest first, with the applicant's email. */
export async function listApplications(limit = 200): Promise<ApplicationEntry[]> {
  const rows = await db()
    .selectFrom("custom_saas_applications as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select([
      "a.id",
      "u.email",
      "a.project_name",
      "a.description",
      "a.availability",
      "a.hosting",
      "a.status",
      "a.created_at",
    ])
    .orderBy("a.created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    projectName: row.project_name,
    description: row.description,
    availability: row.availability,
    hosting: row.hosting,
    status: row.status,
    createdAt: row.created_at,
  }));
}

/** Moves an application to a status; returns its applicant and former status, or undefined when it does not exist. */
export async function setApplicationStatus(
  trx: Database,
  id: string,
  status: CustomSaasStatus,
): Promise<{ userId: string; before: CustomSaasStatus } | undefined> {
  const before = await trx
    .selectFrom("custom_saas_applications")
    .select(["user_id", "status"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx
    .updateTable("custom_saas_applications")
    .set({ status, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
  return { userId: before.user_id, before: before.status };
}
