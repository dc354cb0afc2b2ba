import { z } from "zod";
import { adminMessages } from "~/content/admin-messages";

/** Course and chapter input (SPEC §5), shared by the admin actions and their forms. */
const requiredTitle = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const courseSchema = z.object({
  title: requiredTitle(adminMessages.courseTitleRequired),
  description: z.string().trim().default(""),
});

export const chapterSchema = z.object({
  title: requiredTitle(adminMessages.chapterTitleRequired),
  content: z.string().default(""),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms; anything that is not a uuid names no row (and would make Postgres throw). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
