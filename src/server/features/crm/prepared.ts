import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lead, leadChange, leadEngagement, staff } from "../../db/schema";
import { olderThan } from "../../platform/keyset";
import { selectLeads } from "./record";

/**
 * The CRM's hottest statements, prepared once per database handle: drizzle renders their SQL once
 * (rendering a 35-column select costs about as much as running it), and on PostgreSQL each is a
 * named statement, parsed once per connection. Only fixed shapes whose plan does not depend on the
 * values: a lead by id, its activity, and the unfiltered tab's pages (the tab's own index either way).
 * Searches and filters stay unprepared: their best plan depends on how rare the term is.
 */
function build(db: Db) {
  const id = sql.placeholder("id");
  const page = (after: boolean) =>
    selectLeads(db)
      .where(
        and(
          eq(lead.isPaid, sql.placeholder("paid")),
          olderThan(lead.createdAt, lead.id, after ? { at: sql.placeholder("at"), id: sql.placeholder("after") } : null),
        ),
      )
      .orderBy(desc(lead.createdAt), desc(lead.id))
      .limit(sql.placeholder("limit"));
  return {
    leadById: selectLeads(db).where(eq(lead.id, id)).prepare("crm_lead_by_id"),
    engagements: db
      .select()
      .from(leadEngagement)
      .where(eq(leadEngagement.leadId, id))
      .orderBy(desc(leadEngagement.at))
      .limit(sql.placeholder("limit"))
      .prepare("crm_lead_engagements"),
    changes: db
      .select({ change: leadChange, by: staff.name })
      .from(leadChange)
      .leftJoin(staff, eq(staff.id, leadChange.staffId))
      .where(eq(leadChange.leadId, id))
      .orderBy(desc(leadChange.at))
      .limit(sql.placeholder("limit"))
      .prepare("crm_lead_changes"),
    firstPage: page(false).prepare("crm_tab_first_page"),
    nextPage: page(true).prepare("crm_tab_next_page"),
  };
}

const statements = new WeakMap<Db, ReturnType<typeof build>>();

export function prepared(db: Db): ReturnType<typeof build> {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = build(db)));
  return found;
}
