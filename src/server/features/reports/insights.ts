import { and, asc, desc, eq } from "drizzle-orm";
import { dimensionKey } from "~/shared/report-dimensions";
import { tagsTrain, trainingWeek } from "~/shared/program/training";
import type { NextStep, Progress, ReportInsights } from "~/shared/schemas/report-insights";
import type { DimensionScores } from "~/shared/schemas/simulation-reports";
import type { Db } from "../../db/client";
import { olderThan } from "../../platform/keyset";
import { simulation, simulationReport } from "../../db/schema";
import { standingOf } from "./standing";

type ReportRow = typeof simulationReport.$inferSelect;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The change per dimension since the candidate's previous attempt at the same simulation type. */
async function progressOf(db: Db, row: ReportRow, scores: DimensionScores): Promise<Progress | null> {
  const r = simulationReport;
  const [previous] = await db
    .select({ slug: r.slug, completedAt: r.completedAt, totalScore: r.totalScore, dimensionScores: r.dimensionScores })
    .from(r)
    .where(and(eq(r.email, row.email), eq(r.simulationType, row.simulationType), olderThan(r.completedAt, r.id, { at: row.completedAt, id: row.id })))
    .orderBy(desc(r.completedAt), desc(r.id))
    .limit(1);
  if (!previous) return null;
  return {
    previousDate: previous.completedAt.toISOString(),
    previousSlug: previous.slug,
    totalChange: oneDecimal(row.totalScore - previous.totalScore),
    dimensions: Object.entries(scores).flatMap(([name, dimension]) => {
      const before = previous.dimensionScores[name];
      return before ? [{ name, previous: before.average, change: oneDecimal(dimension.average - before.average) }] : [];
    }),
  };
}

/**
 * For the two weakest dimensions: a public library simulation whose tags match it (never the one
 * this report is of; a different one for each when the library allows) and the program week that
 * trains it.
 */
async function nextStepsOf(db: Db, row: ReportRow, scores: DimensionScores): Promise<NextStep[]> {
  const weakest = Object.entries(scores)
    .map(([name, dimension], index) => ({ name, average: dimension.average, index }))
    .sort((a, b) => a.average - b.average || a.index - b.index)
    .slice(0, 2);
  if (weakest.length === 0) return [];
  const library = await db
    .select({ slug: simulation.slug, title: simulation.title, tags: simulation.tags })
    .from(simulation)
    .where(eq(simulation.visibility, "public"))
    .orderBy(asc(simulation.createdAt));
  const taken = (candidate: { slug: string; title: string }) =>
    candidate.slug === row.simulationSlug || candidate.title.trim().toLowerCase() === row.simulationType.trim().toLowerCase();
  const chosen = new Set<string>();
  return weakest.map(({ name, average }) => {
    const area = dimensionKey(name);
    const matches = area ? library.filter((s) => !taken(s) && tagsTrain(area, s.tags)) : [];
    const pick = matches.find((s) => !chosen.has(s.slug)) ?? matches[0] ?? null;
    if (pick) chosen.add(pick.slug);
    const week = area ? trainingWeek(area) : null;
    return {
      dimension: name,
      average,
      simulation: pick ? { slug: pick.slug, title: pick.title } : null,
      week: week ? { label: week.label, title: week.title, summary: week.summary } : null,
    };
  });
}

/** Standing, progress and next steps of one report (its dimensions already in the chatbot's order). */
export async function reportInsightsOf(db: Db, row: ReportRow, scores: DimensionScores): Promise<ReportInsights> {
  const [standing, progress, nextSteps] = await Promise.all([
    standingOf(db, row, Object.keys(scores)),
    progressOf(db, row, scores),
    nextStepsOf(db, row, scores),
  ]);
  return { standing, progress, nextSteps };
}
