import type { ActivityEntry } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { callActivity } from "./calls";
import { prepared } from "./prepared";
import { taskActivity } from "./tasks";

/**
 * Everything that happened to a lead, newest first: each engagement (application, brochure,
 * simulation report — all in lead_engagement), each change staff made, each call they logged and
 * each task added or done.
 */
export async function leadActivity(db: Db, leadId: string, limit = 200): Promise<ActivityEntry[]> {
  const statements = prepared(db);
  const [engagements, changes, calls, tasks] = await Promise.all([
    statements.engagements.execute({ id: leadId, limit }),
    statements.changes.execute({ id: leadId, limit }),
    callActivity(db, leadId, limit),
    taskActivity(db, leadId, limit),
  ]);
  const entries: ActivityEntry[] = [
    ...engagements.map((e) => ({ kind: "engagement" as const, source: e.kind, refId: e.refId, at: e.at.toISOString() })),
    ...changes.map(({ change: c, by }) => ({
      kind: c.kind,
      field: c.field,
      from: c.fromValue,
      to: c.toValue,
      by,
      at: c.at.toISOString(),
    })),
    ...calls,
    ...tasks,
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
