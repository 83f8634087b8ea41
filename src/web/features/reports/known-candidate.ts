import type { KnownPerson } from "~/shared/chatbot-url";

/**
 * The signed-in candidate's e-mail and name, kept in this browser (the spec's local session) so the
 * library's Start Simulation can hand them to the chatbot. Not a credential: the session cookie is.
 */
const KEY = "simulationUser";

export function rememberCandidate(person: { email: string; name: string }): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(person));
  } catch {
    // Storage may be full or disabled; the chatbot then just asks for them.
  }
}

export function forgetCandidate(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

export function knownCandidate(): KnownPerson | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null") as { email?: unknown; name?: unknown } | null;
    if (!value || typeof value.email !== "string") return null;
    return { email: value.email, name: typeof value.name === "string" ? value.name : null };
  } catch {
    return null;
  }
}
