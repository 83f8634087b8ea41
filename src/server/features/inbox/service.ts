import { and, arrayOverlaps, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { AREA_ROLES } from "~/shared/roles";
import type { Page } from "~/shared/schemas/common";
import type { InboxKind, InboxMessage } from "~/shared/schemas/inbox";
import type { Db } from "../../db/client";
import { inboxMessage, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { queueMail } from "../../platform/mail/outbox";
import { inboxNotification } from "./mail";

export interface NewInboxMessage {
  kind: InboxKind;
  name: string;
  email: string;
  subject: string;
  message: string;
  experience?: string;
  expertise?: string;
  linkedin?: string;
}

/**
 * Stores the message and queues an e-mail to every active staff member who reads the inbox,
 * in one transaction: a message is never stored without its notification, nor the reverse.
 */
export async function receiveInboxMessage(db: Db, input: NewInboxMessage, publicBaseUrl: string): Promise<string> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [row] = await txDb
      .insert(inboxMessage)
      .values({ ...input, linkedin: input.linkedin || null })
      .returning();
    const readers = await txDb
      .select({ email: staff.email })
      .from(staff)
      .where(and(isNull(staff.disabledAt), arrayOverlaps(staff.roles, [...AREA_ROLES.inbox])));
    for (const reader of readers) await queueMail(txDb, await inboxNotification(reader.email, row!, `${publicBaseUrl}/admin/inbox`));
    return row!.id;
  });
}

type Row = typeof inboxMessage.$inferSelect;
const toMessage = (row: Row, handledBy: string | null): InboxMessage => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  experience: row.experience,
  expertise: row.expertise,
  linkedin: row.linkedin,
  receivedAt: row.receivedAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy,
});

export interface InboxQuery {
  page: number;
  pageSize: number;
  kind?: InboxKind;
  status: "open" | "handled" | "all";
}

/** Newest first; open messages by default. */
export async function listInbox(db: Db, query: InboxQuery): Promise<Page<InboxMessage>> {
  const where = and(
    query.kind ? eq(inboxMessage.kind, query.kind) : undefined,
    query.status === "open" ? isNull(inboxMessage.handledAt) : query.status === "handled" ? isNotNull(inboxMessage.handledAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: inboxMessage, handledBy: staff.name })
      .from(inboxMessage)
      .leftJoin(staff, eq(staff.id, inboxMessage.handledBy))
      .where(where)
      .orderBy(desc(inboxMessage.receivedAt), desc(inboxMessage.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(inboxMessage).where(where),
  ]);
  return { items: rows.map((r) => toMessage(r.message, r.handledBy)), total: total!.n, page: query.page, pageSize: query.pageSize };
}

/** Marks a message handled (by whom, when) or open again. */
export async function setHandled(db: Db, id: string, handled: boolean, staffId: string): Promise<void> {
  const [row] = await db
    .update(inboxMessage)
    .set(handled ? { handledAt: new Date(), handledBy: staffId } : { handledAt: null, handledBy: null })
    .where(eq(inboxMessage.id, id))
    .returning({ id: inboxMessage.id });
  if (!row) throw new AppError("not_found", "Message not found");
}
