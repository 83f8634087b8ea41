import { chatbotUrl, type KnownPerson } from "~/shared/chatbot-url";
import type { Simulation } from "~/shared/schemas/simulations";
import { track } from "~/web/lib/analytics";
import { toast } from "~/web/lib/toast";

type Startable = Pick<Simulation, "title" | "slug" | "typebotUrl">;

/**
 * Opens the simulation's chatbot in a new tab without an opener, so the chatbot page cannot
 * reach back into ours. A known person's e-mail and name ride along to match the report.
 * `record` is false for staff trying a simulation: the spec counts starts from the public library only.
 */
export function startSimulation(simulation: Startable, person?: KnownPerson | null, record = true): void {
  if (!simulation.typebotUrl) {
    toast({ title: "Configuration Error", description: "Typebot URL not configured for this simulation", variant: "destructive" });
    return;
  }
  window.open(chatbotUrl(simulation.typebotUrl, person), "_blank", "noopener,noreferrer");
  if (record) track("simulation_start", { category: "engagement", simulation: simulation.slug });
  toast({ title: "Simulation Started", description: `${simulation.title} opened in new tab` });
}

export const simulationLink = (slug: string) => `${window.location.origin}/simulations/${slug}`;

/** Copies origin + /simulations/{slug} and records a share (visitor-side §7, §8). */
export async function shareSimulation(simulation: Pick<Simulation, "slug">): Promise<void> {
  try {
    await navigator.clipboard.writeText(simulationLink(simulation.slug));
  } catch {
    toast({ title: "Copy failed", description: simulationLink(simulation.slug), variant: "destructive" });
    return;
  }
  track("share", { category: "engagement", simulation: simulation.slug });
  toast({ title: "Link Copied", description: "Simulation link copied to clipboard!" });
}
