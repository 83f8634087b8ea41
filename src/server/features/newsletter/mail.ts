import { SITE_NAME } from "~/shared/constants";
import { composeMail } from "../../mail/compose";
import type { MailMessage } from "../../platform/mail/outbox";

export function welcomeMail(to: string, unsubscribeUrl: string, publicBaseUrl: string): Promise<MailMessage> {
  return composeMail({
    to,
    subject: `You're subscribed to the ${SITE_NAME} newsletter`,
    preview: "What we will write about, and how to stop it at any time.",
    heading: "You're subscribed",
    blocks: [
      { kind: "text", text: "Thanks for subscribing." },
      {
        kind: "text",
        text: "We'll write when a new cohort opens, when new job simulations join the library, and with the occasional guide to generalist startup roles.",
      },
    ],
    button: { label: "Explore the simulation library", url: `${publicBaseUrl}/simulations` },
    reason: `You got this e-mail because ${to} was subscribed to the ${SITE_NAME} newsletter.`,
    footerLinks: [{ label: "Not for you? Unsubscribe at any time", url: unsubscribeUrl }],
  });
}
