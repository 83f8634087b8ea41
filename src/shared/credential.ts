import { SITE_NAME } from "./constants";
import { todayInKolkata } from "./format-date";

/** The public verification page of a credential id. */
export const verifyPath = (id: string) => `/verify/${encodeURIComponent(id)}`;
/** Its share image (Open Graph / Twitter card, LinkedIn and WhatsApp previews). */
export const credentialCardPath = (id: string) => `${verifyPath(id)}/card.png`;
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The certification's name on a LinkedIn profile. */
export const credentialName = (simulationType: string) => `${simulationType} – Job Simulation`;

/**
 * LinkedIn's "Add licence or certification" form, filled in: name, issuing organisation, the month it
 * was earned (in Kolkata), the credential id and the page that verifies it.
 */
export function linkedInAddUrl(credential: { credentialId: string; url: string; simulationType: string; completedAt: string }): string {
  const [year, month] = todayInKolkata(new Date(credential.completedAt)).split("-");
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: credentialName(credential.simulationType),
    organizationName: SITE_NAME,
    issueYear: year!,
    issueMonth: String(Number(month)),
    certUrl: credential.url,
    certId: credential.credentialId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
