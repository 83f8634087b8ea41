import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { outbox } from "../../db/schema";

export interface OutboxState {
  /** Waiting for a worker: pending and not claimed (or its claim lapsed). */
  queued: number;
  /** Claimed by a worker right now. */
  sending: number;
  /** Given up (after MAX_ATTEMPTS, an expired code, an erased address). */
  failed: number;
  /** Age of the oldest message still pending, in seconds; 0 when none is. */
  oldestQueuedSeconds: number;
}

/**
 * The outbox at a glance, for the metrics scrape: one statement over the pending and failed rows
 * only (the outbox_due_idx index on status), never over the sent ones, which grow without end.
 */
export async function readOutboxState(db: Db): Promise<OutboxState> {
  const claimed = sql`(${outbox.claimedUntil} is not null and ${outbox.claimedUntil} >= now())`;
  const [row] = rowsOf<Record<keyof OutboxState, string | number | null>>(
    await db.execute(sql`select
      count(*) filter (where ${outbox.status} = 'pending' and not ${claimed}) as "queued",
      count(*) filter (where ${outbox.status} = 'pending' and ${claimed}) as "sending",
      count(*) filter (where ${outbox.status} = 'failed') as "failed",
      coalesce(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')), 0) as "oldestQueuedSeconds"
      from ${outbox} where ${outbox.status} in ('pending', 'failed')`),
  );
  return {
    queued: Number(row?.queued ?? 0),
    sending: Number(row?.sending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestQueuedSeconds: Math.max(0, Number(row?.oldestQueuedSeconds ?? 0)),
  };
}
