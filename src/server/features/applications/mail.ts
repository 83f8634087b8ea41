import { currentRoleLabel, experienceLabel, targetRoleLabel } from "~/shared/application-options";
import { SITE_NAME } from "~/shared/constants";
import type { NewApplication } from "~/shared/schemas/applications";
import { composeMail } from "../../mail/compose";
import type { MailMessage } from "../../platform/mail/outbox";

/** To the applicant: we have it, and what happens next (the spec's selection flow). */
export function confirmationMail(input: NewApplication, publicBaseUrl: string): Promise<MailMessage> {
  return composeMail({
    to: input.email,
    subject: `We received your ${SITE_NAME} application`,
    preview: "What happens next, and when you will hear from us.",
    heading: "We received your application",
    blocks: [
      { kind: "text", text: `Hi ${input.firstName},` },
      { kind: "text", text: `Thank you for applying to ${SITE_NAME}. We have received your application.` },
      {
        kind: "text",
        text: "What happens next: we review your application, invite you to a screening call if you are selected, then confirm final selection and your cohort. We reply within 48 hours.",
      },
      { kind: "text", text: "While you wait, a job simulation shows you the work of a generalist startup role:" },
    ],
    button: { label: "Try a job simulation", url: `${publicBaseUrl}/simulations` },
    after: [{ kind: "text", text: `The ${SITE_NAME} team` }],
    reason: `You got this e-mail because you applied to the ${SITE_NAME} program with ${input.email}.`,
  });
}

/** To admissions staff: who applied, with a link to the Applications tab. */
export function staffNotificationMail(to: string, input: NewApplication, hasResume: boolean, publicBaseUrl: string): Promise<MailMessage> {
  const name = `${input.firstName} ${input.lastName}`;
  return composeMail({
    to,
    subject: `New application: ${name}`,
    preview: `${name}, ${currentRoleLabel(input.currentRole)}, applied to ${SITE_NAME}.`,
    heading: "New application",
    blocks: [
      { kind: "text", text: `${name} applied to ${SITE_NAME}.` },
      {
        kind: "facts",
        rows: [
          { label: "Email", value: input.email },
          { label: "Mobile", value: input.mobile ? `${input.countryCode} ${input.mobile}` : "not given" },
          { label: "LinkedIn", value: input.linkedIn },
          { label: "Current role", value: currentRoleLabel(input.currentRole) },
          { label: "Experience", value: experienceLabel(input.experience) },
          { label: "Target roles", value: input.targetRoles.map(targetRoleLabel).join(", ") },
          { label: "Resume", value: hasResume ? "attached to the application" : "none" },
        ],
      },
    ],
    button: { label: "Review it in the Applications tab", url: `${publicBaseUrl}/admin` },
    reason: `You got this e-mail because your ${SITE_NAME} staff account (${to}) reviews applications.`,
  });
}
