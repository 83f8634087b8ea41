import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";

/** One row per brochure request (spec "Brochure lead"); the lead is updated in the same transaction. */
export const brochureDownload = pgTable(
  "brochure_download",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("brochure_download_newest_idx").on(t.downloadedAt, t.id)],
);

export const INBOX_MESSAGE_KINDS = ["contact", "mentor"] as const;

/** Contact Us and Become a Mentor messages, shown to staff in the Inbox until handled. */
export const inboxMessage = pgTable(
  "inbox_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: INBOX_MESSAGE_KINDS }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Contact: the subject typed; mentor applications: "Mentor application". */
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    experience: text("experience"),
    expertise: text("expertise"),
    linkedin: text("linkedin"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references(() => staff.id, { onDelete: "set null" }),
  },
  (t) => [index("inbox_message_open_idx").on(t.handledAt, t.receivedAt)],
);
