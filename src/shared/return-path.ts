/** The query parameter that carries where to go after the candidate sign-in. */
export const RETURN_PARAM = "returnTo";

const ORIGIN = "http://return-path.invalid";

/**
 * A path on this site to go back to after signing in, or null when `value` is not one. Only a
 * relative path from the root is taken ("/simulation-report/abc?x=1"): never another site's address
 * ("https://…", "//evil", "/\\evil" — browsers read a backslash as a slash), nor control characters,
 * which browsers strip before they parse. The sign-in page itself (`signInPath`) would only loop, so it is refused.
 */
export function safeReturnPath(
  value: string | null | undefined,
  signInPath = "/simulation-login",
): string | null {
  if (!value || value.length > 1_000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return null;
  if ([...value].some((char) => char < " " || char === "\u007f")) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith(signInPath))
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export const signInPathFor = (path: string) =>
  `/simulation-login?${RETURN_PARAM}=${encodeURIComponent(path)}`;

/** The CRM's sign-in page, for the staff member sent there from `path` (a CRM address). */
export const CRM_SIGN_IN_PATH = "/crm-login";
export const crmSignInPathFor = (path: string) =>
  `${CRM_SIGN_IN_PATH}?${RETURN_PARAM}=${encodeURIComponent(path)}`;
