import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { MAIL_PRIORITY, mailQueued } from "../../platform/mail/outbox";
import { leadsChanged } from "../crm/summary-cache";
import { reportReadyMail } from "./mail";
import type { reportColumns } from "./intake";

/**
 * The webhook's whole write as one call of `report_intake` (migration 0013; issue 20 §6: it was ~13
 * round trips): the per-candidate standing lock, the lead (created, or flagged and its empty name
 * filled, as `captureLead` does for an e-mail without a mobile), the report (inserted, or updated when
 * the resultId is the same address's), the lead's engagement, the "report ready" e-mail once (the
 * outbox row goes in only when this call is the one that set `notified_at`), and the candidate's best
 * attempt and score histogram (standing.ts), the best attempt chosen among their other stored reports
 * and this one's values. One statement: its own transaction, one round trip. A function because its
 * plans are cached per connection (planning the statement cost ~40× running it, on PGlite too).
 */
export interface IntakeRow {
  id: string;
  slug: string;
  created: boolean;
  claimed: boolean;
  /** The simulation type the report had before, when it was an update that changed it. */
  priorType: string | null;
}

/** SQLSTATE the function raises for a resultId that is another address's report (nothing stays written). */
const OWNER_CONFLICT = "FF409";

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

function intakeSql(resultId: string, slug: string, c: ReturnType<typeof reportColumns>, notify: boolean, mail: { id: string; subject: string; text: string; html: string | null; priority: number }): SQL {
  return sql`select report_id as id, report_slug as slug, is_created as created, is_claimed as claimed, prior_simulation_type as "priorType"
    from report_intake(${resultId}, ${slug}, ${c.email}, ${c.fullName}, ${c.simulationType}, ${c.simulationSlug}, ${c.company}, ${c.totalScore}::float8,
      ${c.overallSummary}, ${json(c.dimensionScores)}::jsonb, ${json(c.dimensionOrder)}::jsonb, ${json(c.skillFeedback)}::jsonb,
      ${json(c.caseStudyDetails)}::jsonb, ${json(c.candidateResponses)}::jsonb, ${c.pdfReportLink}, ${c.completedAt.toISOString()}::timestamptz,
      ${notify}::boolean, ${mail.id}::uuid, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.priority}::int)`;
}

interface PreparedSession {
  session: { prepareQuery(query: unknown, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(sql: SQL): unknown };
}

/** Runs a statement as a named prepared statement (parsed and planned once per connection on PostgreSQL). */
async function executePrepared(db: Db, name: string, statement: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as PreparedSession;
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false).execute();
}

/** See above; null when the resultId is another address's report (nothing was written). */
export async function storeIntake(db: Db, resultId: string, slug: string, columns: ReturnType<typeof reportColumns>, notify: boolean, publicBaseUrl: string): Promise<IntakeRow | null> {
  // Rendered before the call, for a new report (the usual case): an update is e-mailed by the caller.
  const message = await reportReadyMail({ ...columns, slug }, publicBaseUrl);
  const mail = { id: randomUUID(), subject: message.subject, text: message.text, html: message.html ?? null, priority: message.priority ?? MAIL_PRIORITY.normal };
  let rows: IntakeRow[];
  try {
    rows = rowsOf<IntakeRow>(await executePrepared(db, "report_intake_v1", intakeSql(resultId, slug, columns, notify, mail)));
  } catch (error) {
    // drizzle wraps the driver's error; PostgreSQL's SQLSTATE is on it or on its cause.
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === OWNER_CONFLICT) return null;
    throw error;
  }
  leadsChanged();
  if (rows[0]?.claimed) mailQueued.emit("queued");
  return rows[0] ?? null;
}
