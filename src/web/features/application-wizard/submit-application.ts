import type { ErrorBody } from "~/shared/http-error";
import { ApiError } from "~/web/lib/api";
import { formVisit } from "~/web/lib/visit-source";
import type { ApplicationDraft } from "./wizard-steps";

/** The spec's multipart payload: lists and objects as JSON text, booleans as "true"/"false". */
export function applicationFormData(draft: ApplicationDraft, resume: File | null, website = ""): FormData {
  const form = new FormData();
  for (const key of ["firstName", "lastName", "email", "mobile", "countryCode", "linkedIn"] as const) form.append(key, draft[key]);
  if (resume) form.append("resume", resume, resume.name);
  for (const key of ["currentRole", "experience", "motivation"] as const) form.append(key, draft[key]);
  form.append("targetRoles", JSON.stringify(draft.targetRoles));
  form.append("skillAssessment", JSON.stringify(draft.skillAssessment));
  form.append("readinessConfirmed", String(draft.readinessConfirmed));
  form.append("expectationsConfirmed", String(draft.expectationsConfirmed));
  if (website) form.append("website", website);
  const visit = formVisit();
  if (visit) form.append("visit", JSON.stringify(visit));
  return form;
}

/** POST /api/applications; any non-OK answer becomes an ApiError with the server's message and fields. */
export async function submitApplication(draft: ApplicationDraft, resume: File | null, website = ""): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/applications", { method: "POST", credentials: "include", body: applicationFormData(draft, resume, website) });
  } catch {
    throw new ApiError(0, "network", "Network error. Please check your connection and try again.");
  }
  if (response.ok) return;
  const text = await response.text();
  let body: Partial<ErrorBody> | null = null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    // Not our JSON (a proxy's page): the status and text below say what happened.
  }
  throw new ApiError(
    response.status,
    body?.error?.code ?? "internal",
    body?.error?.message ?? `${response.status} ${text || response.statusText}`,
    body?.error?.fields,
  );
}
