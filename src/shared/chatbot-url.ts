/** Someone the site already knows (a signed-in candidate); both parts optional. */
export interface KnownPerson {
  email?: string | null;
  name?: string | null;
}

/**
 * The simulation's chatbot link, carrying the visitor's e-mail and name when known so the
 * finished report can be matched to them. Values already in the link are kept.
 */
export function chatbotUrl(typebotUrl: string, person?: KnownPerson | null): string {
  const url = new URL(typebotUrl);
  const email = person?.email?.trim();
  const name = person?.name?.trim();
  if (email && !url.searchParams.has("email")) url.searchParams.set("email", email);
  if (name && !url.searchParams.has("name")) url.searchParams.set("name", name);
  return url.toString();
}
