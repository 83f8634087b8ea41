import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFile } from "./files";

/** Program applications from the wizard; status values are in src/shared/application-status.ts. */
export const application = pgTable(
  "application",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Normalised (trimmed, lower case), like the lead it feeds. */
    email: text("email").notNull(),
    countryCode: text("country_code").notNull(),
    mobile: text("mobile").notNull().default(""),
    linkedIn: text("linked_in").notNull(),
    currentRole: text("current_role").notNull(),
    experience: text("experience").notNull(),
    motivation: text("motivation").notNull(),
    targetRoles: text("target_roles").array().notNull(),
    /** Six ratings on the wizard's 1–5 scale. */
    skillAssessment: jsonb("skill_assessment").$type<Record<string, number>>().notNull(),
    status: text("status").notNull().default("pending"),
    resumeFileId: uuid("resume_file_id").references(() => storedFile.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first is a backward scan; ascending columns because PostgreSQL uses a row comparison
    // `(submitted_at, id) < (…)` (the export's keyset) as an index condition only on an index like this one.
    index("application_submitted_idx").on(t.submittedAt, t.id),
    index("application_status_submitted_idx").on(t.status, t.submittedAt, t.id),
    index("application_email_idx").on(t.email),
  ],
);
