/** Price, figures and selection steps of Founder's Find (spec §9), shared by pages and brochure. */
import { groupIndian } from "../format-number";
export const PRICING = {
  price: 14999,
  listPrice: 59999,
  discountPercent: 75,
  /** "About 15K", as the spec shows it next to the exact price. */
  shortPrice: "15K",
} as const;

/** Indian digit grouping: 149990 → "₹1,49,990". */
export const formatRupees = (amount: number) => `₹${groupIndian(amount)}`;

export const PROGRAM_FACTS = {
  weeks: 6,
  missions: 6,
  hoursPerWeek: "10-15",
  experience: "0-4 years",
  replyWithinHours: 48,
} as const;

export { MARKETING_FIGURES } from "./figures";

export const PRICING_INCLUDES = [
  "Week 0 onboarding plus 6 weeks of live and practice simulations",
  "6 missions scored on six dimensions, with written feedback",
  "Weekly masterclasses and office hours with industry mentors",
  "Final challenge presented to mentors and hiring partners",
  "Portfolio of your work and introductions to hiring startups",
] as const;

export const SELECTION_FLOW = [
  { title: "Application review", text: "We read every application and reply within 48 hours." },
  { title: "Screening call", text: "If selected, a short call about your goals and the program's demands." },
  { title: "Final selection", text: "Successful applicants are offered a seat and placed in the next cohort." },
] as const;
