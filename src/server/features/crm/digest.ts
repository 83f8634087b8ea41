import { and, arrayOverlaps, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { kolkataDateAndTime } from "~/shared/format-date";
import { AREA_ROLES } from "~/shared/roles";
import { rowsOf, type Db } from "../../db/client";
import { crmDigest, lead, leadTask, outbox, staff } from "../../db/schema";
import { mailQueued } from "../../platform/mail/outbox";
import { digestMail } from "./digest-mail";
import { bucketBounds, myTaskCounts, myTaskRows } from "./my-tasks";

/** Digests go out from 09:00 in Asia/Kolkata (a process that starts later that day still sends). */
export const DIGEST_TIME = "09:00";
/** How long a process owns a claimed digest; one that died mid-way is taken over after it. */
export const DIGEST_CLAIM_MS = 2 * 60 * 1000;
/** Items listed per section; the rest are counted ("and N more in My tasks"). */
export const DIGEST_ITEMS = 50;
const CLAIM_BATCH = 20;

/**
 * Creates the day's digest rows, one per owner with something due, in one statement: the primary key
 * (owner, day) and `on conflict do nothing` make it exactly one row however many processes run this
 * at once. Owners who turned the digest off, are deactivated or may not own leads get none.
 */
async function createDayDigests(db: Db, day: string, tomorrowStarts: Date): Promise<void> {
  await db.execute(sql`insert into ${crmDigest} (owner_id, day)
    select ${staff.id}, ${day}::date from ${staff}
    where ${staff.disabledAt} is null and ${staff.dailyDigest} and ${arrayOverlaps(staff.roles, [...AREA_ROLES.crm])}
      and (exists (select 1 from ${leadTask} where ${leadTask.ownerId} = ${staff.id} and ${leadTask.doneAt} is null and ${leadTask.dueAt} < ${tomorrowStarts.toISOString()}::timestamptz)
        or exists (select 1 from ${lead} where ${lead.leadOwner} = ${staff.id} and ${lead.followUpDate} <= ${day}::date))
    on conflict do nothing`);
}

/** Claims up to a batch of the day's pending digests that no live process holds (skip locked). */
async function claimDigests(db: Db, day: string): Promise<string[]> {
  const rows = rowsOf<{ owner_id: string }>(
    await db.execute(sql`update ${crmDigest} set claimed_until = now() + make_interval(secs => ${DIGEST_CLAIM_MS / 1000})
      where (owner_id, day) in (
        select owner_id, day from ${crmDigest}
        where day = ${day}::date and status = 'pending' and (claimed_until is null or claimed_until < now())
        limit ${CLAIM_BATCH} for update skip locked)
      returning owner_id`),
  );
  return rows.map((row) => row.owner_id);
}

/**
 * Writes one claimed digest's e-mail to the outbox. The lists are read and the e-mail rendered first,
 * outside any transaction; then one statement marks the digest queued only if it is still pending
 * and inserts the e-mail from that row, so a second process that took over a lapsed claim cannot
 * queue it again. Nothing due any more (done since the row was made), or the owner turned the digest
 * off meanwhile: marked empty, no e-mail. SMTP is the mail worker's, later.
 */
async function queueDigest(db: Db, ownerId: string, day: string, now: Date, publicBaseUrl: string): Promise<boolean> {
  const bounds = bucketBounds(now);
  const [owner] = await db.select({ email: staff.email, name: staff.name, dailyDigest: staff.dailyDigest }).from(staff).where(eq(staff.id, ownerId));
  const [counts, overdue, today] = await Promise.all([
    myTaskCounts(db, ownerId, bounds),
    myTaskRows(db, ownerId, "overdue", bounds, DIGEST_ITEMS, null).then((rows) => rows.slice(0, DIGEST_ITEMS)),
    myTaskRows(db, ownerId, "today", bounds, DIGEST_ITEMS, null).then((rows) => rows.slice(0, DIGEST_ITEMS)),
  ]);
  const mine = and(eq(crmDigest.ownerId, ownerId), eq(crmDigest.day, day), eq(crmDigest.status, "pending"));
  if (!owner?.dailyDigest || counts.overdue + counts.today === 0) {
    await db.update(crmDigest).set({ status: "empty", items: 0, finishedAt: sql`now()` }).where(mine);
    return false;
  }
  const mail = await digestMail(owner, day, counts, { overdue, today }, publicBaseUrl);
  const queued = rowsOf<{ id: string }>(
    await db.execute(sql`with marked as (
        update ${crmDigest} set status = 'queued', mail_id = gen_random_uuid(), items = ${counts.overdue + counts.today}, finished_at = now()
        where owner_id = ${ownerId} and day = ${day}::date and status = 'pending'
        returning mail_id)
      insert into ${outbox} (id, to_address, subject, text_body, html_body, priority)
      select mail_id, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.priority ?? 0} from marked
      returning id`),
  );
  return queued.length > 0;
}

/**
 * One tick of the daily digest (issue 23 §2), run by every server process each minute and by tests
 * with their own clock: before 09:00 in Kolkata nothing; from then on, the day's digest rows are made
 * (once per owner) and every pending one is claimed and queued. Returns how many e-mails this call queued.
 */
export async function runDigestTick(db: Db, options: { now?: Date; publicBaseUrl: string }): Promise<number> {
  const now = options.now ?? new Date();
  const { date: day, time } = kolkataDateAndTime(now);
  if (time < DIGEST_TIME) return 0;
  await createDayDigests(db, day, bucketBounds(now).tomorrowStarts);
  let queued = 0;
  for (;;) {
    const owners = await claimDigests(db, day);
    if (owners.length === 0) break;
    for (const ownerId of owners) if (await queueDigest(db, ownerId, day, now, options.publicBaseUrl)) queued++;
  }
  if (queued > 0) mailQueued.emit("queued");
  return queued;
}

/** Every minute in each process: tries to make and claim the day's digests (cheap when all are done). */
export function startDigestSchedule(db: Db, publicBaseUrl: string, log: FastifyBaseLogger, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runDigestTick(db, { publicBaseUrl })
      .then((queued) => void (queued > 0 && log.info({ queued }, "daily digests queued")))
      .catch((error: unknown) => log.warn({ err: error }, "daily digest tick failed"))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
