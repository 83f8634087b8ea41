import { asc, inArray } from "drizzle-orm";
import type { Lead } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { mergeGroup } from "./merge";
import { readLead } from "./queries";
import { leadsChanged } from "./summary-cache";

/**
 * Two leads of one person merged, as Fix Duplicates merges a group (merge.ts): the older one is kept,
 * its gaps filled from the other, the other's history moved onto it. What the edit form offers when
 * the e-mail or mobile typed is another lead's (issue 23 §1). Answers the kept lead.
 */
export async function mergeLeadPair(db: Db, id: string, otherId: string, actorStaffId: string): Promise<Lead> {
  if (id === otherId) throw new AppError("invalid", "A lead cannot be merged with itself", { with: "A lead cannot be merged with itself" });
  const pair = await db.select({ id: lead.id }).from(lead).where(inArray(lead.id, [id, otherId])).orderBy(asc(lead.createdAt), asc(lead.id));
  if (pair.length < 2) throw new AppError("not_found", "Lead not found");
  await mergeGroup(db, [id, otherId], actorStaffId);
  leadsChanged();
  const kept = await readLead(db, pair[0]!.id);
  if (!kept) throw new AppError("not_found", "Lead not found");
  return kept;
}
