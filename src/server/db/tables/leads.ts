import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { LEAD_ORIGINS, LEAD_SOURCE_TYPES } from "~/shared/crm/pipeline";
import { staff } from "../schema";
import { UUID_V7 } from "../uuid-v7";

export const LEAD_SOURCES = LEAD_SOURCE_TYPES;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * One CRM lead per person, created or updated the moment they engage (PRODUCT.md §4):
 * matched on normalised e-mail, then on mobile; plus the sales pipeline (internal-side.md §3 "CRM lead").
 */
export const lead = pgTable(
  "lead",
  {
    /** Time-ordered (migration 0035): leads that came in together sit together in lead_pkey. */
    id: uuid("id").primaryKey().default(UUID_V7),
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull().default(""),
    /** Digits only, with the country code, so "+91 98765-43210" and "919876543210" match. */
    mobile: text("mobile"),
    linkedIn: text("linked_in"),
    currentProfile: text("current_profile"),
    motivation: text("motivation"),
    /** The engagement that first brought the person in (or the legacy sheet, for imported leads). */
    sourceType: text("source_type", { enum: LEAD_ORIGINS }).notNull(),
    /**
     * The funnel's source (utm_source, else the referring host, else "direct") of the visit from which
     * the person first sent a form; null when no form came from a tracked visit. Never overwritten.
     */
    visitSource: text("visit_source"),
    hasApplication: boolean("has_application").notNull().default(false),
    hasBrochureDownload: boolean("has_brochure_download").notNull().default(false),
    hasSimulation: boolean("has_simulation").notNull().default(false),
    resumeFileId: uuid("resume_file_id"),
    /** A résumé link kept in the legacy sheet (imports); an uploaded résumé is `resumeFileId`. */
    resumeUrl: text("resume_url"),
    leadOwner: uuid("lead_owner").references(() => staff.id, { onDelete: "set null" }),
    priority: text("priority").notNull().default("Medium"),
    leadStage: text("lead_stage").notNull().default("New"),
    leadStatus: text("lead_status").notNull().default("New"),
    /** Paid Users (status "CW - …"): derived, so the two tabs are an index prefix, not a LIKE. */
    isPaid: boolean("is_paid").generatedAlwaysAs(sql`lead_status like 'CW - %'`).notNull(),
    latestCallDate: date("latest_call_date"),
    latestCallTime: time("latest_call_time"),
    callDate: date("call_date"),
    followUpDate: date("follow_up_date"),
    notes: text("notes"),
    actionItems: text("action_items"),
    paymentPageUrl: text("payment_page_url"),
    txnReference: text("txn_reference"),
    txnReference1: text("txn_reference1"),
    /** Whole rupees. */
    saleAmount: integer("sale_amount"),
    collectedAmount: integer("collected_amount"),
    /** sale − collected, never typed (issue 11). */
    pendingAmount: integer("pending_amount").generatedAlwaysAs(sql`sale_amount - coalesce(collected_amount, 0)`),
    batchName: text("batch_name"),
    /** Optimistic concurrency: a PUT that names the version it read fails with 409 if this moved on. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lead score as a key that orders the same on every day (src/shared/crm/lead-score.ts); kept by migration 0022's triggers. */
    scoreKey: doublePrecision("score_key").notNull().default(0),
    /** What the score was worked out from (LeadScoreFacts), for its reasons. */
    scoreFacts: jsonb("score_facts"),
  },
  (t) => [
    index("lead_mobile_idx").on(t.mobile),
    // Newest first everywhere; (created_at, id) row comparisons are the keyset (see docs/decisions).
    index("lead_created_idx").on(t.createdAt, t.id),
    index("lead_view_created_idx").on(t.isPaid, t.createdAt, t.id),
    // Highest score first in a tab (keyset by score_key, id).
    index("lead_view_score_idx").on(t.isPaid, t.scoreKey, t.id),
    index("lead_status_created_idx").on(t.leadStatus, t.createdAt, t.id),
    // A board column: a stage in a tab, newest first (migration 0026).
    index("lead_stage_view_created_idx").on(t.leadStage, t.isPaid, t.createdAt, t.id),
    index("lead_owner_status_idx").on(t.leadOwner, t.leadStatus, t.createdAt),
    index("lead_follow_up_idx").on(t.followUpDate).where(sql`follow_up_date is not null`),
    // An owner's follow-ups by day: My tasks and the daily digest (migration 0021).
    index("lead_owner_follow_up_idx").on(t.leadOwner, t.followUpDate, t.id).where(sql`follow_up_date is not null`),
    index("lead_pending_idx").on(t.isPaid, t.pendingAmount).where(sql`pending_amount > 0`),
    // Substring search (name, e-mail, mobile digits) through trigrams: pg_trgm on both engines.
    index("lead_full_name_trgm_idx").using("gin", sql`${t.fullName} gin_trgm_ops`),
    index("lead_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("lead_mobile_trgm_idx").using("gin", sql`${t.mobile} gin_trgm_ops`),
    // Fix Duplicates (migration 0016, which also defines lead_mobile_key): only leads stored under a key
    // other than their normalised one, the few that can duplicate another lead.
    index("lead_email_key_unnormalised_idx").on(sql`lower(trim(${t.email}))`).where(sql`email <> lower(trim(email))`),
    index("lead_mobile_key_unnormalised_idx").on(sql`lead_mobile_key(${t.mobile})`).where(sql`mobile is distinct from lead_mobile_key(mobile)`),
    check("lead_sale_amount_check", sql`sale_amount is null or sale_amount >= 0`),
    check("lead_collected_amount_check", sql`collected_amount is null or (collected_amount >= 0 and collected_amount <= coalesce(sale_amount, 0))`),
  ],
);

/** What the person did (application, brochure download, simulation report), each linked once to their lead. */
export const leadEngagement = pgTable(
  "lead_engagement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEAD_SOURCES }).notNull(),
    /** The engagement's own row; unique per kind, which is what makes Sync All Data idempotent. */
    refId: uuid("ref_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_engagement_ref_idx").on(t.kind, t.refId), index("lead_engagement_lead_idx").on(t.leadId, t.at)],
);

/** "assign": an assignment rule gave the new lead its owner (from_value names the rule's source, to_value the owner). */
export const LEAD_CHANGE_KINDS = ["edit", "merge", "import", "create", "assign"] as const;

/** Every change staff made to a lead (who, when, field, from → to), for the activity timeline. */
export const leadChange = pgTable(
  "lead_change",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    kind: text("kind", { enum: LEAD_CHANGE_KINDS }).notNull(),
    field: text("field"),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_change_lead_idx").on(t.leadId, t.at)],
);
