import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { slugify } from "~/shared/slug";
import { simulationInputSchema, type Simulation, type SimulationCard, type SimulationInput } from "~/shared/schemas/simulations";
import type { Db } from "../../db/client";
import { simulation } from "../../db/schema";
import { AppError } from "../../platform/errors";

type Row = typeof simulation.$inferSelect;
type CleanInput = ReturnType<typeof simulationInputSchema.parse>;

const toSimulation = (row: Row): Simulation => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const NEWEST_FIRST = [desc(simulation.createdAt), desc(simulation.id)];

/** The library: public simulations only, newest first. Unlisted ones open by slug alone. */
// Read once per content version: anonymous pages and /api/simulations are kept by the public cache (platform/public-cache.ts).
export async function listPublicSimulations(db: Db): Promise<Simulation[]> {
  const rows = await db.select().from(simulation).where(eq(simulation.visibility, "public")).orderBy(...NEWEST_FIRST);
  return rows.map(toSimulation);
}

export async function listAllSimulations(db: Db): Promise<Simulation[]> {
  return (await db.select().from(simulation).orderBy(...NEWEST_FIRST)).map(toSimulation);
}

/** The library as its cards show it: card fields only, public simulations, newest first. */
export async function listPublicSimulationCards(db: Db): Promise<SimulationCard[]> {
  return db
    .select({ slug: simulation.slug, title: simulation.title, subtitle: simulation.subtitle, imageUrl: simulation.imageUrl, tags: simulation.tags })
    .from(simulation)
    .where(eq(simulation.visibility, "public"))
    .orderBy(...NEWEST_FIRST);
}

/** Public or unlisted: whoever has the link may open it. */
export async function findSimulationBySlug(db: Db, slug: string): Promise<Simulation | null> {
  const [row] = await db.select().from(simulation).where(eq(simulation.slug, slug.toLowerCase()));
  return row ? toSimulation(row) : null;
}

/** The title's slug, or the same with the lowest free "-N" suffix. */
async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title);
  const taken = await db
    .select({ slug: simulation.slug })
    .from(simulation)
    .where(or(eq(simulation.slug, base), like(simulation.slug, `${base}-%`)));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export async function createSimulation(db: Db, input: SimulationInput | CleanInput): Promise<Simulation> {
  const values = simulationInputSchema.parse(input);
  // Two creations with the same title may race for a slug; the unique index decides, and we retry once.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(simulation)
        // clock_timestamp, not now(): several simulations made in one transaction (the demo seed) keep their order.
        .values({ ...values, slug: await freeSlug(db, values.title), createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` }).returning();
      return toSimulation(row!);
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

const notFound = () => new AppError("not_found", "Simulation not found");

/** Updates every field but the slug, which stays as first made so shared links keep working. */
export async function updateSimulation(db: Db, id: string, input: SimulationInput | CleanInput): Promise<Simulation> {
  const values = simulationInputSchema.parse(input);
  const [row] = await db
    .update(simulation)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(simulation.id, id))
    .returning();
  if (!row) throw notFound();
  return toSimulation(row);
}

export async function deleteSimulation(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(simulation).where(eq(simulation.id, id)).returning({ id: simulation.id });
  if (!deleted.length) throw notFound();
}

/** The server flips visibility (internal-side §4), in one statement so two clicks cannot cross. */
export async function toggleSimulationVisibility(db: Db, id: string): Promise<Simulation> {
  const [row] = await db
    .update(simulation)
    .set({
      visibility: sql`case when ${simulation.visibility} = 'public' then 'unlisted' else 'public' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(simulation.id, id)))
    .returning();
  if (!row) throw notFound();
  return toSimulation(row);
}
