/**
 * The Founder's Find program, written once: the pages, the home teaser and the PDF brochure
 * all read it, so what a visitor reads on the site and in the brochure never drifts apart.
 */
export interface ProgramWeek {
  /** Tab value and short label: "Week 0" … "Week 6". */
  label: string;
  title: string;
  /** Shown on the tab itself; Week 0 is also called Onboarding. */
  tabLabel: string;
  summary: string;
  activities: readonly [string, string, string, string];
}

export const PROGRAM_WEEKS: readonly ProgramWeek[] = [
  {
    label: "Week 0",
    tabLabel: "Onboarding",
    title: "Diagnostics & Orientation",
    summary: "Find your starting line: a diagnostic simulation, your cohort and the way the program works.",
    activities: [
      "Diagnostic job simulation with a scored report on six dimensions",
      "Orientation with your cohort, mentors and program team",
      "Personal growth plan built from your diagnostic results",
      "Set-up of your simulation, feedback and peer-group routines",
    ],
  },
  {
    label: "Week 1",
    tabLabel: "Week 1",
    title: "Execution & Ownership",
    summary: "Mission 1: take a messy operational problem and drive it to done.",
    activities: [
      "Live brief: a launch slipping by two weeks, and you own it",
      "Practice simulations on prioritisation and project plans",
      "Masterclass: ownership habits of founder's office operators",
      "Evaluation of your execution plan with mentor feedback",
    ],
  },
  {
    label: "Week 2",
    tabLabel: "Week 2",
    title: "Strategic Thinking",
    summary: "Mission 2: structure an ambiguous business question and recommend a direction.",
    activities: [
      "Live brief: should the company enter a new city or category?",
      "Practice simulations on market sizing and problem trees",
      "Masterclass: hypothesis-driven analysis with real numbers",
      "Evaluation of your strategy memo with written feedback",
    ],
  },
  {
    label: "Week 3",
    tabLabel: "Week 3",
    title: "Communication & Stakeholders",
    summary: "Mission 3: align people who want different things.",
    activities: [
      "Live brief: a partner escalation with the CEO in copy",
      "Practice simulations on e-mails, updates and hard conversations",
      "Masterclass: persuasion, listening and stakeholder maps",
      "Evaluation of a recorded stakeholder pitch",
    ],
  },
  {
    label: "Week 4",
    tabLabel: "Week 4",
    title: "Leadership & Grit",
    summary: "Mission 4: lead without authority when plans break.",
    activities: [
      "Live brief: a team misses its target and morale is low",
      "Practice simulations on delegation, feedback and resilience",
      "Masterclass: leading peers and managing up",
      "Evaluation of your team plan and reflection log",
    ],
  },
  {
    label: "Week 5",
    tabLabel: "Week 5",
    title: "Growth & Brand Thinking",
    summary: "Mission 5: grow a metric that matters, with data and a story.",
    activities: [
      "Live brief: a 20% drop in repeat customers",
      "Practice simulations on funnels, experiments and positioning",
      "Masterclass: metrics-driven growth and brand strategy",
      "Evaluation of your growth experiment plan",
    ],
  },
  {
    label: "Week 6",
    tabLabel: "Week 6",
    title: "Integration & Final Challenge",
    summary: "Mission 6: one end-to-end challenge that uses everything, judged like a real role.",
    activities: [
      "Final challenge: a full business case over 48 hours",
      "Presentation to a panel of mentors and hiring partners",
      "Final scored report and portfolio of your six missions",
      "Career session: roles, introductions and next steps",
    ],
  },
];

export { PROGRAM_TEASER } from "./teaser";

export const WEEKLY_RHYTHM = [
  { days: "Sundays", activity: "Live simulation briefs" },
  { days: "Monday to Wednesday", activity: "Practice simulations" },
  { days: "Wednesday", activity: "Reflection and masterclasses" },
  { days: "Thursday", activity: "Evaluation and office hours" },
  { days: "Friday and Saturday", activity: "Resource sharing and group study" },
] as const;
