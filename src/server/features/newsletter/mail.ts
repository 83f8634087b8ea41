import { SITE_NAME } from "~/shared/constants";
import type { MailMessage } from "../../platform/mail/outbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function welcomeMail(to: string, unsubscribeUrl: string): MailMessage {
  return {
    to,
    subject: `You're subscribed to the ${SITE_NAME} newsletter`,
    text: [
      "Thanks for subscribing.",
      "",
      "We'll write when a new cohort opens, when new job simulations join the library, and with the occasional guide to generalist startup roles.",
      "",
      `Not for you? Unsubscribe at any time: ${unsubscribeUrl}`,
    ].join("\n"),
    html: `<p>Thanks for subscribing.</p>
<p>We'll write when a new cohort opens, when new job simulations join the library, and with the occasional guide to generalist startup roles.</p>
<p style="color:#666;font-size:13px">Not for you? <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> at any time.</p>`,
  };
}
