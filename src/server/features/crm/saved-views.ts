import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SavedView } from "~/shared/schemas/crm-views";
import type { Db } from "../../db/client";
import { crmSavedView, staff } from "../../db/schema";
import type { SessionStaff } from "../../platform/sessions";
import { AppError } from "../../platform/errors";

type Viewer = Pick<SessionStaff, "id" | "roles">;
const isAdmin = (viewer: Viewer) => viewer.roles.includes("admin");

/** Views the person sees: their own, and every shared one. Authorised in the query (STYLE.md). */
const visibleTo = (viewer: Viewer) => or(eq(crmSavedView.ownerId, viewer.id), eq(crmSavedView.shared, true))!;
/** Views the person may change: their own; a shared one also when they are an admin. */
const editableBy = (viewer: Viewer): SQL =>
  isAdmin(viewer) ? or(eq(crmSavedView.ownerId, viewer.id), eq(crmSavedView.shared, true))! : eq(crmSavedView.ownerId, viewer.id);

const columns = (viewer: Viewer) => ({
  id: crmSavedView.id,
  name: crmSavedView.name,
  query: crmSavedView.query,
  shared: crmSavedView.shared,
  ownerId: crmSavedView.ownerId,
  ownerName: staff.name,
  canEdit: sql<boolean>`(${editableBy(viewer)})`,
  createdAt: crmSavedView.createdAt,
  updatedAt: crmSavedView.updatedAt,
});

type Row = { createdAt: Date; updatedAt: Date } & Omit<SavedView, "createdAt" | "updatedAt">;
const toView = (row: Row): SavedView => ({ ...row, canEdit: !!row.canEdit, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export async function listSavedViews(db: Db, viewer: Viewer): Promise<SavedView[]> {
  const rows = await db
    .select(columns(viewer))
    .from(crmSavedView)
    .innerJoin(staff, eq(staff.id, crmSavedView.ownerId))
    .where(visibleTo(viewer))
    .orderBy(asc(crmSavedView.createdAt), asc(crmSavedView.id));
  return rows.map(toView);
}

async function readSavedView(db: Db, viewer: Viewer, id: string): Promise<SavedView> {
  const [row] = await db
    .select(columns(viewer))
    .from(crmSavedView)
    .innerJoin(staff, eq(staff.id, crmSavedView.ownerId))
    .where(and(eq(crmSavedView.id, id), visibleTo(viewer)));
  if (!row) throw new AppError("not_found", "View not found");
  return toView(row);
}

export async function createSavedView(db: Db, viewer: Viewer, input: { name: string; query: string; shared: boolean }): Promise<SavedView> {
  const [created] = await db.insert(crmSavedView).values({ ...input, ownerId: viewer.id }).returning({ id: crmSavedView.id });
  return readSavedView(db, viewer, created!.id);
}

/**
 * Why a change found nothing to change: a view the person cannot see is not found (a private view of
 * someone else's is not even admitted to exist); a shared view of someone else's is forbidden.
 */
async function refusal(db: Db, viewer: Viewer, id: string): Promise<AppError> {
  await readSavedView(db, viewer, id);
  return new AppError("forbidden", "Only the person who saved this view, or an admin, can change it");
}

export async function updateSavedView(db: Db, viewer: Viewer, id: string, changes: { name?: string; query?: string; shared?: boolean }): Promise<SavedView> {
  const [updated] = await db
    .update(crmSavedView)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(crmSavedView.id, id), editableBy(viewer)))
    .returning({ id: crmSavedView.id });
  if (!updated) throw await refusal(db, viewer, id);
  return readSavedView(db, viewer, id);
}

export async function deleteSavedView(db: Db, viewer: Viewer, id: string): Promise<void> {
  const [deleted] = await db
    .delete(crmSavedView)
    .where(and(eq(crmSavedView.id, id), editableBy(viewer)))
    .returning({ id: crmSavedView.id });
  if (!deleted) throw await refusal(db, viewer, id);
}
