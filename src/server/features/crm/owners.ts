import { and, arrayOverlaps, asc, isNull } from "drizzle-orm";
import { AREA_ROLES } from "~/shared/roles";
import type { LeadOwner } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { staff } from "../../db/schema";

/** Who may own leads (no fixed names, issue 11): active staff with sales or admin. */
export async function listLeadOwners(db: Db): Promise<LeadOwner[]> {
  return db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(and(isNull(staff.disabledAt), arrayOverlaps(staff.roles, [...AREA_ROLES.crm])))
    .orderBy(asc(staff.name));
}
