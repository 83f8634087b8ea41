/**
 * The eyebrow, heading and lead paragraph that open each marketing section: centred, or (`start`)
 * left-aligned from the large breakpoint when the section has a second column beside it.
 */
export function SectionHeading({ id, eyebrow, title, lead, align = "center" }: { id: string; eyebrow?: string; title: string; lead?: string; align?: "center" | "start" }) {
  return (
    <div className={`mx-auto grid max-w-3xl gap-3 text-center ${align === "start" ? "lg:mx-0 lg:text-left" : ""}`}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="text-lg text-slate-700">{lead}</p>}
    </div>
  );
}
