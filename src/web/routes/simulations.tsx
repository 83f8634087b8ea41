import { useMemo, useState } from "react";
import { knownCandidate } from "~/web/features/reports/known-candidate";
import { useHydratedTransition } from "~/web/lib/use-hydrated";
import { data, useNavigation } from "react-router";
import { filterSimulations, libraryTags } from "~/shared/library-filter";
import type { SimulationCard as Card } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { LibraryFilters } from "~/web/features/simulations/library-filters";
import { ShareIconSymbol, SimulationCard } from "~/web/features/simulations/simulation-card";
import { SimulationDialog } from "~/web/features/simulations/simulation-dialog";
import { prefetchSimulation, useSimulationDetails } from "~/web/features/simulations/use-simulation-details";
import { useSlugHighlight } from "~/web/features/simulations/use-slug-highlight";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/simulations";

/**
 * Cards in the first HTML: two rows on a laptop, the first screens on a phone. The rest are drawn in the browser right after
 * hydration from the page's own data (no second request), so 50 simulations stay within the page's
 * 60 KB budget (issue 12); `?all` renders every card on the server, for readers without JavaScript.
 */
const FIRST_PAINT_CARDS = 6;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const [simulations, selected] = await Promise.all([
    context.listSimulationCards(),
    params.slug ? context.findSimulationBySlug(params.slug) : null,
  ]);
  // A slug that matches nothing (a stale or mistyped share link) still shows the library, with a
  // notice, but answers 404 so that the address is not indexed as a page of its own.
  const missing = !!params.slug && !selected;
  const all = new URL(request.url).searchParams.has("all");
  return data({ simulations, selected, missing, all }, { status: missing ? 404 : 200 });
}

const LIBRARY_DESCRIPTION =
  "Try free job simulations of real startup work: founder's office, category management, strategy and growth. See how you think and where to grow.";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const baseUrl = baseUrlFrom(matches);
  const selected = data?.selected;
  if (selected) {
    const image = selected.imageUrl ? new URL(selected.imageUrl, baseUrl || "http://localhost").toString() : undefined;
    return pageMeta({ title: selected.title, description: selected.subtitle, path: `/simulations/${selected.slug}`, baseUrl, image });
  }
  return pageMeta({ title: "Simulation Library", description: LIBRARY_DESCRIPTION, path: "/simulations", baseUrl });
};

export default function SimulationsPage({ loaderData }: Route.ComponentProps) {
  // A new slug link (client navigation) starts the page afresh: its dialog, scroll and highlight.
  return <Library key={loaderData.selected?.slug ?? ""} {...loaderData} />;
}

function Library({ simulations, selected, missing, all }: Route.ComponentProps["loaderData"]) {
  const navigation = useNavigation();
  const [search, setSearch] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  const [open, setOpen] = useState<Card | null>(selected);
  const dialog = useSimulationDetails(open, selected);
  const highlighted = useSlugHighlight(selected?.slug ?? null);
  // A candidate who signed in on this browser: the chatbot gets their e-mail and name (read after hydration).
  const hydrated = useHydratedTransition();
  const person = hydrated ? knownCandidate() : null;
  const allTags = useMemo(() => libraryTags(simulations), [simulations]);
  const shown = useMemo(() => filterSimulations(simulations, search, tags), [simulations, search, tags]);
  const clear = () => {
    setSearch("");
    setTags([]);
  };
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/simulations");

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-4xl gap-4 px-4 py-14 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Explore Simulation Library</h1>
          <p className="text-lg text-slate-700">
            Step into real startup work. Each simulation is a business case played out in a guided chat: no registration, instant
            results, and a report on how you think, decide and communicate.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:px-6" aria-label="Simulations">
        <ShareIconSymbol />
        {missing && (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-center text-amber-900">
            We couldn't find that simulation. It may have been removed: here is the whole library.
          </p>
        )}
        <LibraryFilters
          search={search}
          onSearch={setSearch}
          tags={allTags}
          selected={tags}
          onToggleTag={(tag) => setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]))}
          onClear={clear}
        />
        {loading ? (
          <p className="py-16 text-center text-slate-600">Loading simulations...</p>
        ) : (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              Showing {shown.length} of {simulations.length} simulations
            </p>
            {shown.length === 0 ? (
              <div className="grid justify-items-center gap-3 py-16 text-center">
                <p className="text-slate-700">No simulations found matching your criteria</p>
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              </div>
            ) : (
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {shown.slice(0, hydrated || all ? shown.length : FIRST_PAINT_CARDS).map((simulation, index) => (
                  <SimulationCard
                    key={simulation.slug}
                    simulation={simulation}
                    highlighted={highlighted === simulation.slug}
                    eagerImage={index === 0}
                    priorityImage={index === 0}
                    onTry={() => setOpen(simulation)}
                    onIntent={() => void prefetchSimulation(simulation.slug).catch(() => undefined)}
                  />
                ))}
              </div>
            )}
            {!hydrated && !all && shown.length > FIRST_PAINT_CARDS && (
              <noscript>
                <a href="/simulations?all" className="justify-self-center font-medium text-brand-700 underline">
                  Show all {shown.length} simulations
                </a>
              </noscript>
            )}
          </>
        )}
      </section>
      <SimulationDialog
        simulation={dialog && (dialog.details ?? dialog.card)}
        failed={dialog?.failed}
        person={person}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
