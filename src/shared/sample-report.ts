import type { ReportSummary } from "./schemas/simulation-reports";

/**
 * The sample report the home page and /founders-find show, labelled as a sample wherever it appears:
 * an illustration of what a candidate gets, not anyone's result. Dimensions are the six a
 * simulation measures (report-dimensions.ts), with short names for a small chart.
 */
export const SAMPLE_REPORT: ReportSummary = {
  fullName: "Sample candidate",
  simulationType: "Founder's Office Diagnostic",
  date: "2026-11-12T10:30:00.000Z",
  slug: "sample-report",
  totalScore: 74,
  overallSummary:
    "- Found the root cause of the sales drop with data. - The plan needs owners and checkpoints. - Clear writing; lead with the one number that matters",
  pdfReportLink: null,
};

export const SAMPLE_DIMENSIONS: { name: string; average: number }[] = [
  { name: "Strategy", average: 8.2 },
  { name: "Execution", average: 6.4 },
  { name: "Communication", average: 7.8 },
  { name: "Leadership", average: 6.9 },
  { name: "Growth", average: 7.1 },
  { name: "Tech", average: 5.6 },
];
