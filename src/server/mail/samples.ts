/**
 * Every e-mail the system sends, with fixed sample data: `npm run mail:preview` writes them out to
 * look at, and tests/unit/mail-templates.test.ts snapshots them. A new e-mail gets a line here.
 */
import type { NewApplication } from "~/shared/schemas/applications";
import { confirmationMail, staffNotificationMail } from "../features/applications/mail";
import { digestMail } from "../features/crm/digest-mail";
import { inboxNotification } from "../features/inbox/mail";
import { welcomeMail } from "../features/newsletter/mail";
import { loginCodeMail, reportReadyMail, testReportReadyMail, type ReportReadyInput } from "../features/reports/mail";
import { erasureCodeMail } from "../features/reports/data-rights-mail";
import type { MailMessage } from "../platform/mail/outbox";

const BASE = "https://foundersfind.example";

/** A report as the chatbot sends it: summary, six dimensions with skills, feedback, answers. */
export const sampleFullReport: ReportReadyInput = {
  email: "priya.nair@example.com",
  fullName: "Priya Nair",
  simulationType: "Founder's Office Associate",
  totalScore: 72.4,
  slug: "kD3v9sQx2bLm7YpA1cRt0wEz",
  overallSummary: "Clear, structured thinking under time pressure.",
  dimensionScores: {
    "Business Strategy & Thinking": { average: 78, skills: { "Problem identification": 80, "Market analysis": 76 } },
    "Execution & Operational Excellence": { average: 70, skills: { Ownership: 70 } },
    "Communication & Stakeholder Management": { average: 74, skills: { Persuasion: 74 } },
    "Leadership & Entrepreneurial Skills": { average: 69, skills: { Initiative: 69 } },
    "Growth & Marketing Acumen": { average: 71, skills: { "Customer acquisition": 71 } },
    "Tech & Automation Fluency": { average: 72, skills: { "Process automation": 72 } },
  },
  skillFeedback: { "Problem identification": "You named the real constraint early." },
  candidateResponses: { "1": "I would first talk to the three largest customers." },
};

/** A report imported from CSV: dimension averages only (no summary, skills, feedback or answers). */
export const sampleImportedReport: ReportReadyInput = {
  ...sampleFullReport,
  email: "arjun.mehta@example.com",
  fullName: "Arjun Mehta",
  slug: "Qw8rT2yU6iO0pA4sD1fG7hJk",
  totalScore: 64,
  overallSummary: "",
  dimensionScores: Object.fromEntries(Object.entries(sampleFullReport.dimensionScores).map(([name, d]) => [name, { average: d.average, skills: {} }])),
  skillFeedback: {},
  candidateResponses: {},
};

export const sampleApplication: NewApplication = {
  firstName: "Riya",
  lastName: "Sharma",
  email: "riya.sharma@example.com",
  countryCode: "+91",
  mobile: "98765 43210",
  linkedIn: "https://www.linkedin.com/in/riya-sharma",
  currentRole: "working_professional",
  experience: "1-2",
  motivation: "I want to work in a founder's office.",
  targetRoles: ["founders_office", "strategy_gtm"],
  skillAssessment: { strategy: 7, execution: 8, communication: 7, leadership: 6, growth: 5, tech: 6 },
  readinessConfirmed: true,
  expectationsConfirmed: true,
};

/** Each e-mail by name, built as the server builds it. */
export const mailSamples: Record<string, () => Promise<MailMessage>> = {
  "sign-in-code": () => loginCodeMail("priya.nair@example.com", 2, BASE),
  "sign-in-code-no-reports": () => loginCodeMail("new.person@example.com", 0, BASE),
  "erasure-code": () =>
    erasureCodeMail("priya.nair@example.com", { reports: 2, applications: 1, brochureRequests: 1, messages: 0, newsletter: true, lead: "keep-payment" }, BASE),
  "report-ready": () => reportReadyMail(sampleFullReport, BASE),
  "report-ready-imported": () => reportReadyMail(sampleImportedReport, BASE),
  "report-ready-test": () =>
    testReportReadyMail({ email: "staff.tester@example.com", fullName: "Test Person", simulationType: "Diagnostic", totalScore: 77, slug: "abc" }, BASE),
  "application-received": () => confirmationMail(sampleApplication, BASE),
  "application-staff-notice": () => staffNotificationMail("admissions@example.com", sampleApplication, true, BASE),
  "inbox-contact": () =>
    inboxNotification(
      "inbox.reader@example.com",
      { kind: "contact", name: "Vikram Rao", email: "vikram@startup.example", subject: "Hiring two generalists", message: "Can we talk next week?\nWe are a team of 12." },
      `${BASE}/admin/inbox`,
    ),
  "inbox-mentor": () =>
    inboxNotification(
      "inbox.reader@example.com",
      {
        kind: "mentor",
        name: "Leela Das",
        email: "leela@example.com",
        subject: "",
        message: "I ran growth at two startups and would like to mentor.",
        experience: "10+ years",
        expertise: "Growth",
        linkedin: "https://www.linkedin.com/in/leela-das",
      },
      `${BASE}/admin/inbox`,
    ),
  "crm-daily-digest": () =>
    digestMail(
      { email: "sam.sales@example.com", name: "Sam Sales" },
      "2026-11-26",
      { overdue: 2, today: 1 },
      {
        overdue: [
          { kind: "followUp", id: "0a", leadId: "0193a1c2-0000-7000-8000-000000000001", leadName: "Kavya Menon", title: "Follow up", dueAt: "2026-11-24T18:30:00.000Z", dueDate: "2026-11-25" },
          { kind: "task", id: "0b", leadId: "0193a1c2-0000-7000-8000-000000000002", leadName: "Arjun Das", title: "Send the fee plan", dueAt: "2026-11-25T05:30:00.000Z", dueDate: null },
        ],
        today: [{ kind: "task", id: "0c", leadId: "0193a1c2-0000-7000-8000-000000000002", leadName: "Arjun Das", title: "Call after his exam", dueAt: "2026-11-26T10:30:00.000Z", dueDate: null }],
      },
      BASE,
    ),
  "newsletter-welcome": () => welcomeMail("reader@example.com", `${BASE}/unsubscribe?token=sampleToken123`, BASE),
};
