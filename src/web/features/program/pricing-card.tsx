import { jumpToAnchor } from "~/web/lib/section-scroll";
import { Check } from "~/web/components/ui/icons";
import { formatRupees, PRICING, PRICING_INCLUDES, PROGRAM_FACTS } from "~/shared/program/offer";

/** ₹14,999 against a struck ₹59,999: the 75% limited-time offer. */
export function PricingCard() {
  return (
    <div className="mx-auto grid max-w-lg gap-5 rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg">
      <p className="justify-self-center rounded-full bg-accent-500 px-3 py-1 text-sm font-bold text-brand-900">
        {PRICING.discountPercent}% off · limited time
      </p>
      <div className="text-center">
        <p className="text-5xl font-extrabold text-brand-900">{formatRupees(PRICING.price)}</p>
        <p className="mt-1 text-slate-600">
          <span className="sr-only">Regular price </span>
          <s>{formatRupees(PRICING.listPrice)}</s> · about ₹{PRICING.shortPrice} for the full program
        </p>
      </div>
      <ul className="grid gap-2">
        {PRICING_INCLUDES.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-slate-800">
            <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <p className="text-center text-sm text-slate-600">
        {PROGRAM_FACTS.hoursPerWeek} hours a week · for {PROGRAM_FACTS.experience} of experience
      </p>
      <a href="#application" onClick={jumpToAnchor} className="rounded-md bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700">
        Apply Now
      </a>
    </div>
  );
}
