import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./bytea";

export const FILE_VISIBILITIES = ["private", "public"] as const;

/**
 * Uploaded files live in the database (ARCHITECTURE.md: stateless processes), written in the
 * same transaction as the record that owns them, so no file is ever orphaned on disk.
 */
export const storedFile = pgTable(
  "stored_file",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the file is for: resume, simulation-image, mentor-image, … */
    kind: text("kind").notNull(),
    visibility: text("visibility", { enum: FILE_VISIBILITIES }).notNull().default("private"),
    /** Type detected from the content, never taken from the upload's name. */
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stored_file_sha256_idx").on(t.sha256)],
);
