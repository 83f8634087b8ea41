import { Share2 } from "lucide-react";
import type { SimulationCard as Card } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { shareSimulation } from "./simulation-actions";
import { SimulationImage } from "./simulation-image";
import { TagList } from "./tag-list";

/** Tags a card shows (visitor-side §9). */
export const CARD_TAGS = 4;

interface SimulationCardProps {
  simulation: Card;
  highlighted: boolean;
  eagerImage: boolean;
  priorityImage?: boolean;
  onTry: () => void;
  /** A sign the visitor may open this one (pointer over, focus, touch): its details start loading. */
  onIntent?: () => void;
}

export function SimulationCard({ simulation, highlighted, eagerImage, priorityImage, onTry, onIntent }: SimulationCardProps) {
  return (
    <article
      id={`simulation-${simulation.slug}`}
      data-highlighted={highlighted || undefined}
      aria-labelledby={`simulation-${simulation.slug}-title`}
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow ${
        highlighted ? "border-brand-600 ring-4 ring-brand-600/40" : "border-slate-200"
      }`}
    >
      <div className="relative">
        <SimulationImage title={simulation.title} imageUrl={simulation.imageUrl} eager={eagerImage} priority={priorityImage} />
        <button
          type="button"
          onClick={() => void shareSimulation(simulation)}
          aria-label={`Share ${simulation.title}`}
          className="absolute top-3 right-3 rounded-full bg-white/90 p-2 text-slate-700 shadow hover:bg-white"
        >
          <Share2 className="size-4" aria-hidden />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={`simulation-${simulation.slug}-title`} className="line-clamp-2 text-lg font-semibold text-slate-900">
          {simulation.title}
        </h2>
        <p className="line-clamp-2 text-sm text-slate-600">{simulation.subtitle}</p>
        <TagList tags={simulation.tags} limit={CARD_TAGS} />
        <div className="mt-auto pt-2">
          <Button
            className="w-full"
            onClick={onTry}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            onTouchStart={onIntent}
            aria-label={`Try Now: ${simulation.title}`}
          >
            Try Now
          </Button>
        </div>
      </div>
    </article>
  );
}
