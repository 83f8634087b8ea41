import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFile } from "./files";

export const SIMULATION_VISIBILITIES = ["public", "unlisted"] as const;

/** The public simulation library; each simulation opens an external chatbot (typebotUrl). */
export const simulation = pgTable(
  "simulation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Made from the title once; never changes, so shared links keep working. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    tags: text("tags").array().notNull().default([]),
    instructions: text("instructions").notNull(),
    typebotUrl: text("typebot_url").notNull(),
    visibility: text("visibility", { enum: SIMULATION_VISIBILITIES }).notNull().default("public"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("simulation_visibility_created_idx").on(t.visibility, t.createdAt)],
);

/** One resized copy of an uploaded image: content key (hash of the upload) + width → stored file. */
export const imageVariant = pgTable(
  "image_variant",
  {
    key: text("key").notNull(),
    width: integer("width").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFile.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.key, t.width] })],
);
