import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** The mentor list shown on the public pages; saved as a whole by the Mentors tab. */
export const mentor = pgTable("mentor", {
  id: integer("id").primaryKey(),
  position: integer("position").notNull(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  image: text("image").notNull().default(""),
  bio: text("bio").notNull().default(""),
  linkedin: text("linkedin").notNull().default(""),
  twitter: text("twitter"),
  website: text("website"),
});
