import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const LEAD_SOURCES = ["application", "brochure_download", "simulation_attempt"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * One CRM lead per person, created or updated the moment they engage (PRODUCT.md §4):
 * matched on normalised e-mail, then on mobile. The CRM issue adds the pipeline fields.
 */
export const lead = pgTable(
  "lead",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull().default(""),
    /** Digits only, with the country code, so "+91 98765-43210" and "919876543210" match. */
    mobile: text("mobile"),
    linkedIn: text("linked_in"),
    currentProfile: text("current_profile"),
    motivation: text("motivation"),
    /** The engagement that first brought the person in. */
    sourceType: text("source_type", { enum: LEAD_SOURCES }).notNull(),
    hasApplication: boolean("has_application").notNull().default(false),
    hasBrochureDownload: boolean("has_brochure_download").notNull().default(false),
    hasSimulation: boolean("has_simulation").notNull().default(false),
    resumeFileId: uuid("resume_file_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_mobile_idx").on(t.mobile), index("lead_created_idx").on(t.createdAt)],
);
