import { currentRoleLabel, experienceLabel, targetRoleLabel } from "~/shared/application-options";
import { SITE_NAME } from "~/shared/constants";
import type { NewApplication } from "~/shared/schemas/applications";
import type { MailMessage } from "../../platform/mail/outbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const paragraphs = (lines: string[]) => lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : "")).join("\n");

/** To the applicant: we have it, and what happens next (the spec's selection flow). */
export function confirmationMail(input: NewApplication): MailMessage {
  const lines = [
    `Hi ${input.firstName},`,
    "",
    `Thank you for applying to ${SITE_NAME}. We have received your application.`,
    "",
    "What happens next: we review your application, invite you to a screening call if you are selected, then confirm final selection and your cohort. We reply within 48 hours.",
    "",
    `The ${SITE_NAME} team`,
  ];
  return { to: input.email, subject: `We received your ${SITE_NAME} application`, text: lines.join("\n"), html: paragraphs(lines) };
}

/** To admissions staff: who applied, with a link to the Applications tab. */
export function staffNotificationMail(to: string, input: NewApplication, hasResume: boolean, publicBaseUrl: string): MailMessage {
  const name = `${input.firstName} ${input.lastName}`;
  const lines = [
    `${name} applied to ${SITE_NAME}.`,
    "",
    `Email: ${input.email}`,
    `Mobile: ${input.mobile ? `${input.countryCode} ${input.mobile}` : "not given"}`,
    `LinkedIn: ${input.linkedIn}`,
    `Current role: ${currentRoleLabel(input.currentRole)}; experience: ${experienceLabel(input.experience)}`,
    `Target roles: ${input.targetRoles.map(targetRoleLabel).join(", ")}`,
    `Resume: ${hasResume ? "attached to the application" : "none"}`,
    "",
    `Review it in the Applications tab: ${publicBaseUrl}/admin`,
  ];
  return { to, subject: `New application: ${name}`, text: lines.join("\n"), html: paragraphs(lines) };
}
