import { describeAccess, type AccessFilter } from "~/features/members/member-admin";
import { streamMembers } from "~/features/members/member-store.server";
import { type Cell, csvResponse, today, iso } from "~/platform/csv.server";

export function membersCsv(filter: { q: string; access: AccessFilter; product?: string }): Response {
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const member of streamMembers(filter)) {
      const { access, source } = describeAccess(member);
      yield [member.email, member.name, access, source, iso(member.createdAt), member.id];
    }
  }
  return csvResponse(`members-${today()}.csv`, ["email", "name", "access", "source", "joined", "id"], rows());
}
