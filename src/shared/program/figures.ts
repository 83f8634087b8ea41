// Its own module so that the home page does not download the whole offer (offer.ts).
export const MARKETING_FIGURES = [
  { value: "6 weeks", label: "to job readiness" },
  { value: "85%", label: "success rate" },
  { value: "4.8/5", label: "rating" },
  { value: "90%", label: "placement rate" },
  { value: "24/7", label: "support" },
] as const;
