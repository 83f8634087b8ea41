import { SITE_NAME } from "~/shared/constants";
import { CODE_TTL_MINUTES } from "~/shared/schemas/candidate-auth";
import { MAIL_PRIORITY, MAIL_SECRET_PLACEHOLDER, type MailMessage } from "../../platform/mail/outbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const html = (lines: string[]) => lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : "")).join("\n");

export interface ReportReadyInput {
  email: string;
  fullName: string;
  simulationType: string;
  totalScore: number;
}

/** "Your report is ready": sent once per report, pointing at the sign-in (the report itself needs a code). */
export function reportReadyMail(report: ReportReadyInput, publicBaseUrl: string, priority: number = MAIL_PRIORITY.normal): MailMessage {
  const lines = [
    `Hi ${report.fullName},`,
    "",
    `Your ${report.simulationType} report is ready. You scored ${Math.round(report.totalScore)}%.`,
    "",
    `See the full report, with your scores by skill and feedback: ${publicBaseUrl}/simulation-login`,
    "Sign in with this e-mail address; we send you a one-time code.",
    "",
    `The ${SITE_NAME} team`,
  ];
  return { to: report.email, subject: `Your ${report.simulationType} report is ready`, text: lines.join("\n"), html: html(lines), priority };
}

/**
 * The one-time code e-mail; says so when the address has no report yet, since the screen never does.
 * The code is not in it: the bodies hold the outbox's placeholder, which the worker fills in at
 * send time from the sealed secret (never the subject, which ends up in logs).
 */
export function loginCodeMail(email: string, reportCount: number, publicBaseUrl: string): MailMessage {
  const code = MAIL_SECRET_PLACEHOLDER;
  const lines =
    reportCount > 0
      ? [
          `Your ${SITE_NAME} sign-in code is ${code}.`,
          "",
          `Enter it on the sign-in page to see your simulation reports. It works once and expires in ${CODE_TTL_MINUTES} minutes.`,
          "",
          "If you did not ask for it, ignore this e-mail.",
        ]
      : [
          `Your ${SITE_NAME} sign-in code is ${code}.`,
          "",
          "There are no simulation reports for this e-mail address yet. Reports arrive here once you finish a simulation:",
          `${publicBaseUrl}/simulations`,
          "",
          `The code works once and expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
        ];
  return { to: email, subject: `Your ${SITE_NAME} sign-in code`, text: lines.join("\n"), html: html(lines), priority: MAIL_PRIORITY.code };
}
