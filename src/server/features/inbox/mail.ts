import { SITE_NAME } from "~/shared/constants";
import { composeMail } from "../../mail/compose";
import type { MailMessage } from "../../platform/mail/outbox";

interface Received {
  kind: "contact" | "mentor";
  name: string;
  email: string;
  subject: string;
  message: string;
  experience?: string | null;
  expertise?: string | null;
  linkedin?: string | null;
}

/** The staff notification for a new Contact Us message or mentor application. */
export function inboxNotification(to: string, item: Received, inboxUrl: string): Promise<MailMessage> {
  const rows = [
    { label: "From", value: `${item.name} <${item.email}>` },
    item.kind === "contact" ? { label: "Subject", value: item.subject } : null,
    item.experience ? { label: "Experience", value: item.experience } : null,
    item.expertise ? { label: "Area of expertise", value: item.expertise } : null,
    item.linkedin ? { label: "LinkedIn", value: item.linkedin } : null,
  ].filter((row): row is { label: string; value: string } => row !== null);
  const contact = item.kind === "contact";
  return composeMail({
    to,
    subject: contact ? `New contact message: ${item.subject}` : `New mentor application: ${item.name}`,
    preview: item.message,
    heading: contact ? "New contact message" : "New mentor application",
    blocks: [
      { kind: "facts", rows },
      { kind: "quote", text: item.message },
    ],
    button: { label: "Open the inbox", url: inboxUrl },
    reason: `You got this e-mail because your ${SITE_NAME} staff account (${to}) reads the Inbox.`,
  });
}
