import { SITE_NAME } from "~/shared/constants";
import { ERASURE_CODE_TTL_MINUTES, type ErasurePlan } from "~/shared/schemas/data-rights";
import { composeMail } from "../../mail/compose";
import { MAIL_PRIORITY, MAIL_SECRET_PLACEHOLDER, type MailMessage } from "../../platform/mail/outbox";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The code that confirms "Delete my data", and what it will delete (and keep), so the person decides
 * with the facts in their own inbox. The code is the outbox's placeholder, filled in at send time.
 */
export function erasureCodeMail(email: string, plan: ErasurePlan, publicBaseUrl: string): Promise<MailMessage> {
  const code = MAIL_SECRET_PLACEHOLDER;
  const kept =
    plan.lead === "keep-payment"
      ? "Your admissions record is cut down to your name, e-mail address and payment record, which tax and accounting law requires us to keep; everything else in it is deleted."
      : plan.lead === "anonymise"
        ? "Your admissions record is anonymised: your name and contact details are removed from it."
        : null;
  return composeMail({
    to: email,
    subject: `Confirm deleting your ${SITE_NAME} data`,
    preview: `Your code to confirm deleting your data. It works once and expires in ${ERASURE_CODE_TTL_MINUTES} minutes.`,
    heading: "Confirm deleting your data",
    blocks: [
      { kind: "code", lead: `Your ${SITE_NAME} code to confirm deleting your data is`, code },
      { kind: "text", text: "Entering it deletes, for this e-mail address and for good:" },
      {
        kind: "list",
        items: [
          `${count(plan.reports, "simulation report", "simulation reports")} with your answers`,
          `${count(plan.applications, "program application", "program applications")} and uploaded résumés`,
          `${count(plan.brochureRequests, "brochure request", "brochure requests")} and ${count(plan.messages, "message", "messages")} sent through the website`,
          "your newsletter subscription, sign-in codes, sessions and remembered devices",
          "e-mails waiting to be sent to you",
        ],
      },
      ...(kept ? [{ kind: "text" as const, text: kept }] : []),
      {
        kind: "text",
        text: `The code works once and expires in ${ERASURE_CODE_TTL_MINUTES} minutes. If you did not ask to delete your data, ignore this e-mail: nothing is deleted without the code.`,
      },
    ],
    button: { label: "Back to your dashboard", url: `${publicBaseUrl}/simulation-dashboard` },
    reason: `You got this e-mail because someone signed in to ${SITE_NAME} My Reports with ${email} and asked to delete its data. Nothing is deleted without the code.`,
    priority: MAIL_PRIORITY.code,
  });
}
