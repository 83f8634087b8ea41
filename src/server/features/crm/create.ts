import { sql } from "drizzle-orm";
import { NEW_LEAD_PIPELINE } from "~/shared/crm/lead-rules";
import type { Lead, LeadCreate } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead, leadChange } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { writeUnique } from "./lead-identity";
import { readLead } from "./queries";
import { leadsChanged } from "./summary-cache";
import { checkRules, prepareChanges, type RuleBase } from "./update";

/** A lead before anything is set: what the rules of an edit compare a new lead's fields against. */
const NEW_LEAD: RuleBase = { ...NEW_LEAD_PIPELINE, latestCallDate: null, latestCallTime: null };

/**
 * A lead added by hand (Add lead): the same rules as an edit (status within stage, Closed Won with
 * a batch, collected ≤ sale, an owner who may own leads), refused with 409 naming the lead that
 * already has the e-mail or mobile, and "created by" the staff member in the activity.
 */
export async function createLead(db: Db, input: LeadCreate, actorStaffId: string): Promise<Lead> {
  const changes = prepareChanges(NEW_LEAD, input);
  await checkRules(db, NEW_LEAD, changes);
  const id = await writeUnique(db, { email: changes.email, mobile: changes.mobile }, undefined, async (writer) => {
    // The lead and its "created by" entry in one statement: never a lead without its first entry.
    const created = writer.$with("created").as(writer.insert(lead).values({ ...changes, email: changes.email!, sourceType: "manual" }).returning({ id: lead.id }));
    const logged = writer.$with("logged", {}).as(
      sql`insert into ${leadChange} (lead_id, staff_id, kind) select created.id, ${actorStaffId}::uuid, 'create' from created`,
    );
    const [row] = await writer.with(created, logged).select({ id: created.id }).from(created);
    return row!.id;
  });
  leadsChanged();
  const created = await readLead(db, id);
  if (!created) throw new AppError("not_found", "Lead not found");
  return created;
}
