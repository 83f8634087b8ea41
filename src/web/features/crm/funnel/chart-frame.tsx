import { useId, type ReactNode } from "react";

/**
 * An accessible chart: the SVG is one image named by its title and described by a sentence that says
 * what it shows; the exact figures are in the table alternative (the page's "Show tables" switch).
 */
export function ChartFrame({ title, description, width, height, children }: { title: string; description: string; width: number; height: number; children: ReactNode }) {
  const id = useId();
  return (
    <svg width={width} height={height} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="block max-w-full">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}
