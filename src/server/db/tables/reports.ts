import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CaseStudyDetails, DimensionOrder, DimensionScores } from "~/shared/schemas/simulation-reports";
import { lead } from "./leads";

/**
 * Finished simulations, as the chatbot's webhook (or a CSV of history) delivers them
 * (visitor-side.md §3 "Simulation report detail"). `result_id` is the chatbot's own id: the
 * idempotency key of the webhook. `slug` is random (128+ bits), so a report URL cannot be guessed.
 */
export const simulationReport = pgTable(
  "simulation_report",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resultId: text("result_id").notNull().unique(),
    slug: text("slug").notNull().unique(),
    /** Normalised (trimmed, lower case): a candidate session sees the reports of its address. */
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    simulationType: text("simulation_type").notNull(),
    simulationSlug: text("simulation_slug"),
    company: text("company"),
    totalScore: doublePrecision("total_score").notNull(),
    overallSummary: text("overall_summary").notNull().default(""),
    dimensionScores: jsonb("dimension_scores").$type<DimensionScores>().notNull(),
    /** The chatbot's order of dimensions and skills (jsonb keeps keys shortest first): see report-order.ts. */
    dimensionOrder: jsonb("dimension_order").$type<DimensionOrder>(),
    skillFeedback: jsonb("skill_feedback").$type<Record<string, string>>().notNull(),
    caseStudyDetails: jsonb("case_study_details").$type<CaseStudyDetails>(),
    candidateResponses: jsonb("candidate_responses").$type<Record<string, string>>().notNull(),
    pdfReportLink: text("pdf_report_link"),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    leadId: uuid("lead_id").references(() => lead.id, { onDelete: "set null" }),
    /** The lead's visit source (lead.visit_source), kept by migration 0031's triggers: the funnel's reports per source. */
    visitSource: text("visit_source"),
    /** When the "report ready" e-mail was queued; null means the candidate has not been told yet. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** The outbox row of that e-mail, so staff see whether it went out. */
    notifyMailId: uuid("notify_mail_id"),
    /**
     * The public credential's id (/verify/{shareId}) while the candidate shares the report: random,
     * 144 bits, base64url. Null when not shared; sharing again after turning it off makes a new one.
     */
    shareId: text("share_id").unique(),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("simulation_report_email_idx").on(t.email, t.completedAt),
    // Staff list, newest first, keyset on (completed_at, id).
    index("simulation_report_completed_idx").on(t.completedAt, t.id),
    index("simulation_report_unnotified_idx").on(t.notifiedAt, t.completedAt),
    // A candidate's attempts at one simulation: best attempt and progress (report-standing.ts).
    index("simulation_report_email_type_idx").on(t.email, t.simulationType, t.totalScore),
    index("simulation_report_lead_idx").on(t.leadId),
  ],
);

/** One-time sign-in codes for candidates (PRODUCT.md §2): stored as an HMAC, never in clear. */
export const candidateLoginCode = pgTable(
  "candidate_login_code",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The client address that asked for it, as an HMAC bound to the e-mail (`addressKey`); its next request replaces it. */
    requestedFrom: text("requested_from"),
    /** Asked for from an address the candidate signed in from before: such codes are still checked past the failure cap. */
    fromKnownAddress: boolean("from_known_address").notNull().default(false),
  },
  (t) => [index("candidate_login_code_email_idx").on(t.email, t.createdAt)],
);

/**
 * Client addresses from which a candidate signed in successfully (as staff sign-in's own addresses):
 * exempt from the per-address limits that strangers share. `key` is an HMAC of e-mail and client
 * address, so the table holds no client address in clear. Forgotten after 180 days without a sign-in.
 */
export const candidateKnownAddress = pgTable(
  "candidate_known_address",
  {
    key: text("key").primaryKey(),
    email: text("email").notNull(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("candidate_known_address_email_idx").on(t.email), index("candidate_known_address_seen_idx").on(t.lastSignedInAt)],
);

/**
 * One row per address that asked for or tried a code: the wrong codes entered in a row since the
 * last successful sign-in (NIST SP 800-63B §5.2.2 caps them at 100), and the row every code request
 * and check for the address locks, so the caps hold under concurrency.
 */
export const candidateSignIn = pgTable("candidate_sign_in", {
  email: text("email").primaryKey(),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Candidate sessions: like staff sessions, `id` is an HMAC of the cookie token. */
export const candidateSession = pgTable(
  "candidate_session",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("candidate_session_expires_idx").on(t.expiresAt)],
);
