import { SITE_NAME } from "~/shared/constants";
import { ERASURE_CODE_TTL_MINUTES, type ErasurePlan } from "~/shared/schemas/data-rights";
import { MAIL_PRIORITY, MAIL_SECRET_PLACEHOLDER, type MailMessage } from "../../platform/mail/outbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const html = (lines: string[]) => lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : "")).join("\n");

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The code that confirms "Delete my data", and what it will delete (and keep), so the person decides
 * with the facts in their own inbox. The code is the outbox's placeholder, filled in at send time.
 */
export function erasureCodeMail(email: string, plan: ErasurePlan): MailMessage {
  const code = MAIL_SECRET_PLACEHOLDER;
  const lines = [
    `Your ${SITE_NAME} code to confirm deleting your data is ${code}.`,
    "",
    "Entering it deletes, for this e-mail address and for good:",
    `- ${count(plan.reports, "simulation report", "simulation reports")} with your answers;`,
    `- ${count(plan.applications, "program application", "program applications")} and uploaded résumés;`,
    `- ${count(plan.brochureRequests, "brochure request", "brochure requests")} and ${count(plan.messages, "message", "messages")} sent through the website;`,
    "- your newsletter subscription, sign-in codes, sessions and remembered devices;",
    "- e-mails waiting to be sent to you.",
    plan.lead === "keep-payment"
      ? "Your admissions record is cut down to your name, e-mail address and payment record, which tax and accounting law requires us to keep; everything else in it is deleted."
      : plan.lead === "anonymise"
        ? "Your admissions record is anonymised: your name and contact details are removed from it."
        : "",
    "",
    `The code works once and expires in ${ERASURE_CODE_TTL_MINUTES} minutes. If you did not ask to delete your data, ignore this e-mail: nothing is deleted without the code.`,
    "",
    `The ${SITE_NAME} team`,
  ].filter((line, i, all) => line !== "" || all[i - 1] !== "");
  return { to: email, subject: `Confirm deleting your ${SITE_NAME} data`, text: lines.join("\n"), html: html(lines), priority: MAIL_PRIORITY.code };
}
