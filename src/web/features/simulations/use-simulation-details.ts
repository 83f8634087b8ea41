import { useEffect, useState } from "react";
import type { Simulation, SimulationCard } from "~/shared/schemas/simulations";
import { api } from "~/web/lib/api";

/** One request per simulation per page visit, started as early as a sign of intent (see prefetchSimulation). */
const loaded = new Map<string, Promise<Simulation>>();

/** Starts loading a simulation's instructions and chatbot link (pointer over or focus on its card's button). */
export function prefetchSimulation(slug: string): Promise<Simulation> {
  let pending = loaded.get(slug);
  if (!pending) {
    pending = api<Simulation>(`/api/simulations/${encodeURIComponent(slug)}`);
    // A failed load is tried again the next time the dialog opens.
    pending.catch(() => loaded.delete(slug));
    loaded.set(slug, pending);
  }
  return pending;
}

export type DialogState = { card: SimulationCard; details: Simulation | null; failed: boolean };

/**
 * The simulation a library dialog shows: its card at once, its instructions as soon as they arrive.
 * `known` is the one the page was rendered with (a shared /simulations/{slug} link), already complete.
 */
export function useSimulationDetails(card: SimulationCard | null, known: Simulation | null): DialogState | null {
  const [result, setResult] = useState<{ slug: string; details: Simulation | null; failed: boolean } | null>(null);
  const slug = card?.slug ?? null;
  const ready = slug !== null && known?.slug === slug;

  useEffect(() => {
    if (slug === null || ready) return;
    let current = true;
    prefetchSimulation(slug).then(
      (details) => current && setResult({ slug, details, failed: false }),
      () => current && setResult({ slug, details: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [slug, ready]);

  if (!card) return null;
  if (ready) return { card, details: known, failed: false };
  if (result?.slug === card.slug) return { card, details: result.details, failed: result.failed };
  return { card, details: null, failed: false };
}
