import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { bytea } from "./tables/bytea";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const staff = pgTable("staff", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  roles: text("roles").array().notNull(),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  /** The CRM's daily digest e-mail at 09:00 Asia/Kolkata (issue 23 §2); the owner turns it off. */
  dailyDigest: boolean("daily_digest").notNull().default(true),
  createdAt: createdAt(),
});

/** Server-side sessions; `id` is an HMAC of the cookie token, so a database leak yields no usable cookie. */
export const staffSession = pgTable(
  "staff_session",
  {
    id: text("id").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_session_staff_idx").on(t.staffId)],
);

/** Fixed-window counters shared by every process (login throttling, public form limits). */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const newsletterSubscription = pgTable("newsletter_subscription", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/** Durable e-mail outbox: every message is written here first, then delivered with retries. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    /** Higher goes first: a one-time code never waits behind a bulk send. */
    priority: integer("priority").notNull().default(0),
    /** A worker owns the row until then; after a crash the claim lapses and the row is sent again. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A one-time secret (a sign-in code) that the worker writes into the bodies' placeholder at send
     * time: never in clear here, AES-256-GCM under a key derived from the server secret
     * (platform/mail/sealed-secret.ts). Wiped once the message is sent, given up, or past `secretExpiresAt`.
     */
    secretSealed: bytea("secret_sealed"),
    /** Set on every message that carries a secret (kept after the wipe): the secret's end of life, the code's. */
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_priority_idx").on(t.status, t.priority, t.nextAttemptAt),
    index("outbox_secret_expiry_idx").on(t.secretExpiresAt).where(sql`${t.secretSealed} is not null`),
  ],
);

export const appSetting = pgTable("app_setting", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Who changed what among staff-only data. */
export const auditEvent = pgTable("audit_event", {
  id: uuid("id").primaryKey().defaultRandom(),
  actorStaffId: uuid("actor_staff_id").references(() => staff.id, { onDelete: "set null" }),
  action: text("action").notNull(),
  subject: text("subject").notNull(),
  detail: jsonb("detail").notNull().default(sql`'{}'::jsonb`),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("audit_event_action_at_idx").on(t.action, t.at)]);

export * from "./tables/files";
export * from "./tables/leads";
export * from "./tables/mentors";
export * from "./tables/analytics";
export * from "./tables/simulations";
export * from "./tables/applications";
export * from "./tables/public-forms";
export * from "./tables/reports";
export * from "./tables/report-standing";
export * from "./tables/content-version";
export * from "./tables/csp-violations";
export * from "./tables/data-rights";
export * from "./tables/lead-merge-jobs";
export * from "./tables/lead-tallies";
export * from "./tables/csv-import-jobs";
export * from "./tables/lead-work";
export * from "./tables/lead-search-sample";
export * from "./tables/lead-scoring";
export * from "./tables/lead-bulk-jobs";
export * from "./tables/import-uploads";
export * from "./tables/crm-saved-views";
export * from "./tables/crm-funnel";
