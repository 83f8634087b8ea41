import type { SimulationCard as Card } from "~/shared/schemas/simulations";
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

/**
 * One library card. Its markup is kept lean (issue 12: 50 cards must fit a 60 KB page): named
 * utilities from theme.css instead of long class lists, and the share icon drawn once per page
 * (ShareIconSymbol) and referenced here.
 */
export function SimulationCard({ simulation, highlighted, eagerImage, priorityImage, onTry, onIntent }: SimulationCardProps) {
  const id = `simulation-${simulation.slug}`;
  return (
    <article id={id} data-highlighted={highlighted || undefined} aria-labelledby={`${id}-title`} className="sim-card">
      <SimulationImage title={simulation.title} imageUrl={simulation.imageUrl} eager={eagerImage} priority={priorityImage} />
      <button type="button" onClick={() => void shareSimulation(simulation)} aria-label={`Share ${simulation.title}`} className="sim-share">
        <svg aria-hidden>
          <use href="#icon-share" />
        </svg>
      </button>
      <h2 id={`${id}-title`}>{simulation.title}</h2>
      <p>{simulation.subtitle}</p>
      <TagList tags={simulation.tags} limit={CARD_TAGS} />
      <button
        type="button"
        className="sim-try"
        onClick={onTry}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
        aria-label={`Try Now: ${simulation.title}`}
      >
        Try Now
      </button>
    </article>
  );
}

/** The share icon (lucide's share-2), defined once per library page for every card's <use>. */
export function ShareIconSymbol() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden>
      <symbol id="icon-share" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.59 13.51 6.83 3.98M15.41 6.51l-6.82 3.98" />
      </symbol>
    </svg>
  );
}
