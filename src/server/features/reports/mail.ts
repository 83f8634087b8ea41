import { SITE_NAME } from "~/shared/constants";
import { CODE_TTL_MINUTES } from "~/shared/schemas/candidate-auth";
import { joinWords, type MailContent } from "../../mail/content";
import { composeMail } from "../../mail/compose";
import { MAIL_PRIORITY, MAIL_SECRET_PLACEHOLDER, type MailMessage } from "../../platform/mail/outbox";

/** What a stored report holds, as far as its "report ready" e-mail may promise it. */
export interface ReportHoldings {
  dimensionScores: Record<string, { average: number; skills: Record<string, number> }>;
  skillFeedback: Record<string, string>;
  overallSummary: string;
  candidateResponses: Record<string, string>;
}

export interface ReportReadyInput extends ReportHoldings {
  email: string;
  fullName: string;
  simulationType: string;
  totalScore: number;
  slug: string;
}

/**
 * The parts of the report worth naming, in the page's order, only those it actually has: a report
 * imported from CSV has dimension averages and nothing else, so its e-mail promises nothing else.
 */
export function reportHoldingsWords(report: ReportHoldings): string[] {
  const dimensions = Object.keys(report.dimensionScores).length;
  const skills = Object.values(report.dimensionScores).some((dimension) => Object.keys(dimension.skills ?? {}).length > 0);
  const feedback = Object.values(report.skillFeedback).some((text) => text.trim() !== "");
  const answers = Object.values(report.candidateResponses).some((text) => text.trim() !== "");
  return [
    report.overallSummary.trim() !== "" ? "a summary of how you did" : null,
    dimensions === 1 ? "your score in its one dimension" : dimensions > 1 ? `your score in each of its ${dimensions} dimensions` : null,
    skills ? "your scores by skill" : null,
    feedback ? "written feedback on your skills" : null,
    answers ? "the answers you gave" : null,
  ].filter((part): part is string => part !== null);
}

export const reportUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl}/simulation-report/${encodeURIComponent(slug)}`;

const signInNote = (email: string) =>
  `The button opens your report. If you are not signed in, you sign in first with ${email}: we e-mail you a one-time code, then take you straight to the report.`;

/**
 * "Your report is ready": sent once per report, with a button to that report itself (an anonymous
 * visit goes through the sign-in and comes back to it), naming only what the report holds.
 */
export function reportReadyMail(report: ReportReadyInput, publicBaseUrl: string, priority: number = MAIL_PRIORITY.normal): Promise<MailMessage> {
  const score = Math.round(Number(report.totalScore));
  const holds = reportHoldingsWords(report);
  return composeMail({
    to: report.email,
    subject: `Your ${report.simulationType} report is ready`,
    preview: `You scored ${score}%. Open your report to see how you did.`,
    heading: "Your report is ready",
    blocks: [
      { kind: "text", text: `Hi ${report.fullName},` },
      { kind: "text", text: `Your ${report.simulationType} report is ready. You scored ${score}%.` },
      ...(holds.length > 0 ? [{ kind: "text" as const, text: `The full report shows ${joinWords(holds)}.` }] : []),
    ],
    button: { label: "Open my report", url: reportUrl(publicBaseUrl, report.slug) },
    after: [
      { kind: "text", text: signInNote(report.email) },
      { kind: "text", text: `The ${SITE_NAME} team` },
    ],
    reason: `You got this e-mail because you took the ${report.simulationType} job simulation on ${SITE_NAME} with ${report.email}.`,
    priority,
  });
}

export interface TestNotificationInput {
  email: string;
  fullName: string;
  simulationType: string;
  totalScore: number;
  slug: string;
}

/**
 * The Email Notifications tab's test send: "report ready" as a candidate would get it, marked as a
 * test in the subject and the body, its button on the form's slug. The form says nothing of what the
 * report holds, so the e-mail promises nothing about it.
 */
export function testReportReadyMail(payload: TestNotificationInput, publicBaseUrl: string): Promise<MailMessage> {
  const score = Math.round(Number(payload.totalScore));
  return composeMail({
    to: payload.email,
    subject: `[Test] Your ${payload.simulationType} report is ready`,
    preview: `Test e-mail: how "report ready" looks. You scored ${score}%.`,
    notice: `Test e-mail, sent from the ${SITE_NAME} Email Notifications tab to check how "report ready" looks; its details come from the test form.`,
    heading: "Your report is ready",
    blocks: [
      { kind: "text", text: `Hi ${payload.fullName},` },
      { kind: "text", text: `Your ${payload.simulationType} report is ready. You scored ${score}%.` },
    ],
    button: { label: "Open my report", url: reportUrl(publicBaseUrl, payload.slug) },
    after: [
      { kind: "text", text: signInNote(payload.email) },
      { kind: "text", text: `The ${SITE_NAME} team` },
    ],
    reason: `You got this test because a member of the ${SITE_NAME} staff sent it to ${payload.email} from the Email Notifications tab.`,
  });
}

/**
 * The one-time code e-mail; says so when the address has no report yet, since the screen never does.
 * The code is in the subject ("482913 is your … code", so a phone's notification shows it) and the
 * bodies as the outbox's placeholder, which the worker fills in at send time from the sealed secret:
 * no table or log line holds it in clear.
 */
export function loginCodeMail(email: string, reportCount: number, publicBaseUrl: string): Promise<MailMessage> {
  const code = MAIL_SECRET_PLACEHOLDER;
  const content: Omit<MailContent, "blocks" | "button"> = {
    to: email,
    subject: `${code} is your ${SITE_NAME} code`,
    preview: `Your sign-in code. It works once and expires in ${CODE_TTL_MINUTES} minutes.`,
    heading: "Your sign-in code",
    reason: `You got this e-mail because someone asked to sign in to ${SITE_NAME} My Reports with ${email}. Nobody can sign in without the code.`,
    priority: MAIL_PRIORITY.code,
  };
  const lead = `Your ${SITE_NAME} sign-in code is`;
  if (reportCount > 0) {
    return composeMail({
      ...content,
      blocks: [
        { kind: "code", lead, code },
        { kind: "text", text: `Enter it on the sign-in page to see your simulation reports. It works once and expires in ${CODE_TTL_MINUTES} minutes.` },
      ],
      button: { label: "Go to the sign-in page", url: `${publicBaseUrl}/simulation-login` },
      after: [{ kind: "text", text: "If you did not ask for it, ignore this e-mail." }],
    });
  }
  return composeMail({
    ...content,
    blocks: [
      { kind: "code", lead, code },
      { kind: "text", text: "There are no simulation reports for this e-mail address yet. Reports arrive here once you finish a simulation." },
      { kind: "text", text: `The code works once and expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.` },
    ],
    button: { label: "Browse job simulations", url: `${publicBaseUrl}/simulations` },
  });
}
