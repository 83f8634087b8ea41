import { and, arrayOverlaps, eq, inArray, isNull } from "drizzle-orm";
import { AREA_ROLES } from "~/shared/roles";
import { ASSIGNMENT_SOURCES, PICK_STAFF, type AssignmentRule, type AssignmentRuleInput, type AssignmentSource } from "~/shared/schemas/crm-assignment";
import type { Db } from "../../db/client";
import { leadAssignmentRule, staff } from "../../db/schema";
import { invalid } from "../../platform/errors";

/**
 * The assignment rules of every source (issue 23 §2), "off" where none is set. The rules are applied
 * by the database when a lead is created (migration 0022, lead_assign_new), not here.
 */
export async function listAssignmentRules(db: Db): Promise<AssignmentRule[]> {
  const rules = await db.select().from(leadAssignmentRule);
  const ids = [...new Set(rules.flatMap((rule) => rule.staffIds))];
  const people = ids.length
    ? await db.select({ id: staff.id, name: staff.name, disabledAt: staff.disabledAt, roles: staff.roles }).from(staff).where(inArray(staff.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return ASSIGNMENT_SOURCES.map((source) => {
    const rule = rules.find((r) => r.source === source);
    if (!rule) return { source, mode: "off" as const, staff: [], updatedAt: null };
    const members = rule.staffIds.flatMap((id) => {
      const p = byId.get(id);
      // Active means what the database's rule checks: not deactivated, still with the CRM role.
      return p ? [{ id, name: p.name, active: !p.disabledAt && p.roles.some((role) => (AREA_ROLES.crm as readonly string[]).includes(role)) }] : [];
    });
    return { source, mode: rule.mode, staff: members, updatedAt: rule.updatedAt.toISOString() };
  });
}

/**
 * Sets (or turns off) the rule of one source. Every chosen member must be able to own leads now (400
 * naming `staffIds` otherwise); one deactivated later is skipped by the rule. Changing the members
 * keeps the round robin's position: it goes on from where it was.
 */
export async function saveAssignmentRule(db: Db, source: AssignmentSource, input: AssignmentRuleInput, actorStaffId: string): Promise<AssignmentRule> {
  if (input.mode === "off") {
    await db.delete(leadAssignmentRule).where(eq(leadAssignmentRule.source, source));
  } else {
    const owners = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(inArray(staff.id, input.staffIds), isNull(staff.disabledAt), arrayOverlaps(staff.roles, [...AREA_ROLES.crm])));
    if (owners.length !== input.staffIds.length) throw invalid("staffIds", `${PICK_STAFF}: only active staff with the CRM role can own leads`);
    const values = { mode: input.mode, staffIds: input.staffIds, updatedBy: actorStaffId, updatedAt: new Date() };
    await db.insert(leadAssignmentRule).values({ source, ...values }).onConflictDoUpdate({ target: leadAssignmentRule.source, set: values });
  }
  return (await listAssignmentRules(db)).find((rule) => rule.source === source)!;
}
