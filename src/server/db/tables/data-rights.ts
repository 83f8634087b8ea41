import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Codes that confirm a candidate's "Delete my data" (DPDP Act 2023 §12, GDPR art. 17): e-mailed to
 * the address being erased, stored as an HMAC like sign-in codes, and kept apart from them so one can
 * never stand for the other.
 */
export const dataErasureCode = pgTable(
  "data_erasure_code",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_erasure_code_email_idx").on(t.email, t.createdAt)],
);

/**
 * Addresses whose data was erased, as a SHA-256 of the normalised address (no address in clear).
 * The mail sender checks it at send time: nothing queued before the erasure goes out.
 */
export const erasedAddress = pgTable("erased_address", {
  emailHash: text("email_hash").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});
