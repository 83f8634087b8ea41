import { and, count, desc, eq, ilike, notInArray, or, sql, type SQL } from "drizzle-orm";
import { APPLICATION_STATUS_VALUES } from "~/shared/application-status";
import type { ApplicationListQuery, ApplicationPage, ApplicationRecord } from "~/shared/schemas/applications";
import type { Db } from "../../db/client";
import { application, storedFile } from "../../db/schema";
import { olderThan } from "../../platform/keyset";

const recordFields = {
  id: application.id,
  firstName: application.firstName,
  lastName: application.lastName,
  email: application.email,
  countryCode: application.countryCode,
  mobile: application.mobile,
  linkedIn: application.linkedIn,
  currentRole: application.currentRole,
  experience: application.experience,
  motivation: application.motivation,
  targetRoles: application.targetRoles,
  skillAssessment: application.skillAssessment,
  status: application.status,
  submittedAt: application.submittedAt,
  resumeName: storedFile.fileName,
  resumeSize: storedFile.size,
};

type Row = { submittedAt: Date; resumeName: string | null; resumeSize: number | null } & Omit<ApplicationRecord, "submittedAt" | "resume">;

const toRecord = ({ resumeName, resumeSize, submittedAt, ...row }: Row): ApplicationRecord => ({
  ...row,
  submittedAt: submittedAt.toISOString(),
  resume: resumeName === null ? null : { fileName: resumeName, size: resumeSize ?? 0 },
});

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&")}%`;

function filters(query: Pick<ApplicationListQuery, "q" | "status">): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = like(query.q);
    const digits = query.q.replace(/\D/g, "");
    parts.push(
      or(
        ilike(sql`${application.firstName} || ' ' || ${application.lastName}`, pattern),
        ilike(application.email, pattern),
        ilike(sql`${application.countryCode} || ' ' || ${application.mobile}`, pattern),
        digits.length >= 3 ? ilike(sql`regexp_replace(${application.countryCode} || ${application.mobile}, '\\D', '', 'g')`, like(digits)) : undefined,
      ),
    );
  }
  if (query.status === "pending") {
    // Unknown (legacy) statuses count as pending, as they are shown.
    parts.push(or(eq(application.status, "pending"), notInArray(application.status, APPLICATION_STATUS_VALUES)));
  } else if (query.status) {
    parts.push(eq(application.status, query.status));
  }
  return and(...parts);
}

/** One page of applications, newest first, searched and filtered in the database. */
export async function listApplications(db: Db, query: ApplicationListQuery): Promise<ApplicationPage> {
  const where = filters(query);
  const [rows, [total], [overall]] = await Promise.all([
    db
      .select(recordFields)
      .from(application)
      .leftJoin(storedFile, eq(storedFile.id, application.resumeFileId))
      .where(where)
      .orderBy(desc(application.submittedAt), desc(application.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(application).where(where),
    db.select({ n: count() }).from(application),
  ]);
  return { items: (rows as Row[]).map(toRecord), total: total!.n, overall: overall!.n, page: query.page, pageSize: query.pageSize };
}

export interface ExportCursor {
  /** submitted_at as PostgreSQL text: keeps the microseconds a JS Date would drop. */
  at: string;
  id: string;
}

/** The next `size` applications after `cursor`, newest first: keyset pages for the CSV export. */
export async function applicationExportPage(db: Db, cursor: ExportCursor | null, size = 1000) {
  const rows = await db
    .select({ ...recordFields, cursorAt: sql<string>`${application.submittedAt}::text` })
    .from(application)
    .leftJoin(storedFile, eq(storedFile.id, application.resumeFileId))
    .where(olderThan(application.submittedAt, application.id, cursor))
    .orderBy(desc(application.submittedAt), desc(application.id))
    .limit(size);
  return rows.map(({ cursorAt, ...row }) => ({ record: toRecord(row as Row), cursor: { at: cursorAt, id: row.id } }));
}

/** The résumé of one application, or null when there is none. */
export async function readApplicationResume(db: Db, id: string) {
  const [row] = await db
    .select({ data: storedFile.data, fileName: storedFile.fileName, contentType: storedFile.contentType })
    .from(application)
    .innerJoin(storedFile, eq(storedFile.id, application.resumeFileId))
    .where(eq(application.id, id));
  return row ?? null;
}
