import { and, asc, count, eq, gt, ilike, isNotNull } from "drizzle-orm";
import type { Page } from "~/shared/schemas/common";
import type { Subscriber } from "~/shared/schemas/newsletter";
import type { Db } from "../../db/client";
import { newsletterSubscription } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { queueMail } from "../../platform/mail/outbox";
import { randomToken } from "../../platform/secrets";
import { welcomeMail } from "./mail";

type Row = typeof newsletterSubscription.$inferSelect;

const toSubscriber = (row: Row): Subscriber => ({
  id: row.id,
  email: row.email,
  subscribedAt: row.subscribedAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

/**
 * One subscription per address: signing up again is a success that changes nothing,
 * except that it renews a subscription that had been ended. New and renewed subscribers
 * get a welcome e-mail carrying their unsubscribe link.
 */
export async function subscribe(db: Db, email: string, publicBaseUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscription)
      .values({ email, unsubscribeToken: randomToken(24) })
      .onConflictDoNothing({ target: newsletterSubscription.email })
      .returning();
    let subscription = created;
    if (!subscription) {
      [subscription] = await tx
        .update(newsletterSubscription)
        .set({ unsubscribedAt: null, subscribedAt: new Date() })
        .where(and(eq(newsletterSubscription.email, email), isNotNull(newsletterSubscription.unsubscribedAt)))
        .returning();
    }
    if (subscription) await queueMail(tx as unknown as Db, await welcomeMail(email, `${publicBaseUrl}/unsubscribe?token=${subscription.unsubscribeToken}`, publicBaseUrl));
  });
}

export async function unsubscribe(db: Db, token: string): Promise<void> {
  const [row] = await db
    .update(newsletterSubscription)
    .set({ unsubscribedAt: new Date() })
    .where(eq(newsletterSubscription.unsubscribeToken, token))
    .returning({ id: newsletterSubscription.id });
  if (!row) throw new AppError("not_found", "This unsubscribe link is not valid");
}

/** One page of subscribers matching the search; `overall` counts them all (what the CSV export holds). */
export async function listSubscribers(db: Db, query: { page: number; pageSize: number; q?: string }): Promise<Page<Subscriber> & { overall: number }> {
  const where = query.q ? ilike(newsletterSubscription.email, `%${query.q.replace(/[%_\\]/g, "\\$&")}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscription)
      .where(where)
      .orderBy(asc(newsletterSubscription.email))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(newsletterSubscription).where(where),
  ]);
  const overall = where ? (await db.select({ n: count() }).from(newsletterSubscription))[0]!.n : total!.n;
  return { items: rows.map(toSubscriber), total: total!.n, overall, page: query.page, pageSize: query.pageSize };
}

/** Subscribers in e-mail order, one page of the database at a time. */
export function subscriberPage(db: Db, afterEmail: string | null, size = 1000) {
  return db
    .select()
    .from(newsletterSubscription)
    .where(afterEmail === null ? undefined : gt(newsletterSubscription.email, afterEmail))
    .orderBy(asc(newsletterSubscription.email))
    .limit(size);
}
