import { randomBytes } from "node:crypto";
import type { ReportIntake } from "~/shared/schemas/simulation-reports";

/** The address whose reports a new installation shows (README: "Demo content"). */
export const DEMO_CANDIDATE_EMAIL = "demo.candidate@example.com";

const DIMENSIONS: Record<string, string[]> = {
  "Business Strategy & Thinking": ["Problem identification", "Analytical thinking", "Market analysis"],
  "Execution & Operational Excellence": ["Project management", "Resource optimization", "Ownership"],
  "Communication & Stakeholder Management": ["Clear expression", "Persuasion", "Active listening"],
  "Leadership & Entrepreneurial Skills": ["Team alignment", "Initiative", "Resilience"],
  "Growth & Marketing Acumen": ["Metrics-driven thinking", "Customer acquisition", "Brand strategy"],
  "Tech & Automation Fluency": ["Technical literacy", "Tool selection", "Process automation"],
};

const SCENES = ["The Monday dashboard", "The founder's call", "The distributor", "The ops lead", "The cohort table", "The competitor", "The budget", "The plan", "The board note", "The retro"];

/**
 * A complete, valid report as the chatbot sends it: six dimensions of three skills, feedback,
 * ten scenes and answers. `level` (0–10) sets the scores around it. Shared by the demo content,
 * the tests and the benchmark.
 */
export function reportInput(overrides: Partial<ReportIntake> = {}, level = 7): ReportIntake {
  const dimensionScores: ReportIntake["dimensionScores"] = {};
  const skillFeedback: Record<string, string> = {};
  let step = 0;
  for (const [dimension, skills] of Object.entries(DIMENSIONS)) {
    const scores: Record<string, number> = {};
    for (const skill of skills) {
      const score = Math.max(0, Math.min(10, level + ((step++ * 7) % 5) * 0.5 - 1));
      scores[skill] = score;
      skillFeedback[skill] = score >= 8 ? `Strong ${skill.toLowerCase()}: keep it up.` : `Work on ${skill.toLowerCase()}: state your reasoning first.`;
    }
    const values = Object.values(scores);
    dimensionScores[dimension] = { average: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10, skills: scores };
  }
  return {
    resultId: `result-${randomBytes(8).toString("hex")}`,
    email: DEMO_CANDIDATE_EMAIL,
    fullName: "Meera Kapoor",
    simulationType: "Founder's Office Diagnostic",
    simulationSlug: "founders-office-diagnostic",
    company: "Crunchbox Foods",
    totalScore: Math.round(level * 10),
    overallSummary:
      "- Found the root cause fast and with data. - Plans lack checkpoints and owners' deadlines. - Communicates clearly; persuade with one number. - Strong initiative under time pressure",
    dimensionScores,
    skillFeedback,
    caseStudyDetails: {
      companyBackground:
        "Crunchbox Foods sells healthy snacks online and through 40 distributors in Bangalore and Pune. Revenue grew 12% a month for a year; last month it fell 20%.",
      scenes: SCENES.map((title, index) => ({
        sceneNumber: index + 1,
        title,
        sceneText: `Scene ${index + 1}: ${title}. Sales fell 20% month over month and you have 48 hours.`,
        content: index % 3 === 2 ? `Scene ${index + 1}: ${title}. Sales fell 20% month over month and you have 48 hours.` : `Context: the numbers for "${title.toLowerCase()}" are in the brief.`,
        question: `What do you do about ${title.toLowerCase()}?`,
      })),
    },
    candidateResponses: Object.fromEntries(SCENES.map((_, index) => [`Q${index + 1}`, `I would check the repeat-purchase cohort first, then call the top distributor (scene ${index + 1}).`])),
    ...overrides,
  };
}

/** Two reports for the demo candidate: an earlier diagnostic and a later, better one. */
export const demoReports = (): ReportIntake[] => [
  reportInput({ resultId: "demo-report-1", simulationType: "Founder's Office Diagnostic", completedAt: "2026-10-05T10:30:00+05:30" }, 6.2),
  reportInput(
    { resultId: "demo-report-2", simulationType: "Growth Strategy Sprint", simulationSlug: "growth-strategy-sprint", completedAt: "2026-11-12T16:05:00+05:30" },
    8.1,
  ),
];
