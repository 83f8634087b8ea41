import { isStoredImageUrl } from "../images";
import { z } from "./zod";

/**
 * The one rule for every link a person types in (mentor profiles, a simulation's Typebot URL, a
 * LinkedIn address, …): an absolute http(s) address, written out as such. Browsers forgive a lot
 * that this refuses on purpose: `//evil.example` and `/\evil.example` (protocol-relative: they
 * leave our site), `javascript:` and other schemes, `http:evil.example` and `https:\\evil.example`
 * (the URL parser repairs them, a reader does not see the host), user:password@ before the host
 * (`https://linkedin.com@evil.example` goes to evil.example), spaces and control characters.
 */

export const HTTP_URL_MESSAGE = "Must be a link starting with http:// or https://";
export const HTTPS_URL_MESSAGE = "Must be a link starting with https://";

/** Longest link we store; enough for any real profile or chatbot address. */
export const MAX_URL_LENGTH = 2000;

function isAbsoluteLink(value: string, schemes: readonly string[]): boolean {
  // Exactly "scheme://" then a host: the text a reader sees is the address a browser opens.
  if (!/^https?:\/\/[^/\\?#\s]/i.test(value)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return schemes.includes(url.protocol) && url.hostname !== "" && url.username === "" && url.password === "";
}

export const isHttpUrl = (value: string) => isAbsoluteLink(value, ["http:", "https:"]);
export const isHttpsUrl = (value: string) => isAbsoluteLink(value, ["https:"]);

/** A required link with its own message (e.g. "Typebot URL must be a link starting with …"). */
export const httpUrl = (message = HTTP_URL_MESSAGE, max = MAX_URL_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isHttpUrl, { message });

export const httpsUrl = (message = HTTPS_URL_MESSAGE, max = MAX_URL_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isHttpsUrl, { message });

/** An absolute http:// or https:// link. */
export const httpUrlSchema = httpUrl();
/** An absolute https:// link (webhooks, anything that carries a secret). */
export const httpsUrlSchema = httpsUrl();

/** An optional link: empty text means none. */
export const optionalHttpUrl = (message = HTTP_URL_MESSAGE, max = MAX_URL_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => value === "" || isHttpUrl(value), { message });

/** An image: one we stored (/api/images/…), an outside http(s) link, or empty for none. */
export const optionalImageLink = (message = HTTP_URL_MESSAGE, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => value === "" || isStoredImageUrl(value) || isHttpUrl(value), { message });

/**
 * The one LinkedIn rule (the application wizard, Become a Mentor and the Mentors editor): a
 * profile address on linkedin.com with a path, typed with or without its scheme. It is stored as
 * https:// ("linkedin.com/in/x" and "http://…" become "https://…"). `.overwrite` keeps the type,
 * so the same schema also describes the stored value in API answers.
 */
export const LINKEDIN_MESSAGE = "Please enter a valid LinkedIn profile URL";
export const LINKEDIN_REQUIRED_MESSAGE = "LinkedIn profile URL is required";

export const normaliseLinkedIn = (value: string) => (value === "" ? "" : value.replace(/^(https?:\/\/)?/i, "https://"));

export function isLinkedInProfile(value: string): boolean {
  if (!isHttpsUrl(value)) return false;
  const url = new URL(value);
  return /^(www\.|[a-z]{2,3}\.)?linkedin\.com$/i.test(url.hostname) && url.pathname.length > 1;
}

const linkedInText = (message: string) => z.string({ error: message }).trim().max(300, "At most 300 characters").overwrite(normaliseLinkedIn);

export const linkedInUrl = linkedInText(LINKEDIN_REQUIRED_MESSAGE)
  .min(1, LINKEDIN_REQUIRED_MESSAGE)
  .refine(isLinkedInProfile, LINKEDIN_MESSAGE);

/** The same rule where the profile may be left out: empty text means none. */
export const optionalLinkedInUrl = linkedInText(LINKEDIN_MESSAGE).refine((value) => value === "" || isLinkedInProfile(value), LINKEDIN_MESSAGE);
