/** The Unix milliseconds a version-7 (time-ordered) UUID carries; null when `id` is not one. */
export function v7Millis(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return null;
  return parseInt(id.replace(/-/g, "").slice(0, 12), 16);
}
