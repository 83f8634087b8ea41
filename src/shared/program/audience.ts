/** Who Founder's Find is for (six role cards) and what it offers (six feature cards). */
export const AUDIENCE_ROLES = [
  { title: "Founder's Office Associate", text: "Work next to a founder on whatever matters most this quarter." },
  { title: "Category Manager", text: "Own a category's assortment, pricing, suppliers and P&L." },
  { title: "Strategy & GTM Generalist", text: "Shape where the company plays and how it wins customers." },
  { title: "VC / Platform Operations", text: "Support portfolio founders on hiring, growth and operations." },
  { title: "Transitioning Consultant", text: "Turn consulting rigour into hands-on startup execution." },
  { title: "Growth Engineer / Technical PM", text: "Build the funnels, tools and automation that move metrics." },
] as const;

export const PROGRAM_FEATURES = [
  { title: "Simulation-first learning", text: "Every week is built around real business cases you solve, not lectures you watch." },
  { title: "Six scored dimensions", text: "Strategy, execution, communication, leadership, growth and tech, scored every mission." },
  { title: "Mentors from startups", text: "Operators and investors run masterclasses, office hours and your final panel." },
  { title: "A cohort of peers", text: "Study groups and peer reviews with people making the same move." },
  { title: "A portfolio that proves it", text: "Finish with six missions of work you can show to any hiring manager." },
  { title: "Access to hiring startups", text: "Top performers are introduced to startups hiring generalists." },
] as const;
