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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The staff notification for a new Contact Us message or mentor application. */
export function inboxNotification(to: string, item: Received, inboxUrl: string): MailMessage {
  const lines = [
    `From: ${item.name} <${item.email}>`,
    item.kind === "contact" ? `Subject: ${item.subject}` : null,
    item.experience ? `Experience: ${item.experience}` : null,
    item.expertise ? `Area of expertise: ${item.expertise}` : null,
    item.linkedin ? `LinkedIn: ${item.linkedin}` : null,
    "",
    item.message,
    "",
    `Open the inbox: ${inboxUrl}`,
  ].filter((line): line is string => line !== null);
  const subject = item.kind === "contact" ? `New contact message: ${item.subject}` : `New mentor application: ${item.name}`;
  return {
    to,
    subject,
    text: lines.join("\n"),
    html: `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
  };
}
