import { expect } from "vitest";

/** The Unix milliseconds a version-7 (time-ordered) UUID carries; null when `id` is not one. */
export function v7Millis(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return null;
  return parseInt(id.replace(/-/g, "").slice(0, 12), 16);
}

/** Each id is a version-7 UUID of an instant between `since` and now (a second's leeway either side). */
export function expectTimeOrderedSince(ids: string[], since: number): void {
  for (const id of ids) {
    const millis = v7Millis(id);
    expect(millis, id).not.toBeNull();
    expect(millis).toBeGreaterThanOrEqual(since - 1000);
    expect(millis).toBeLessThanOrEqual(Date.now() + 1000);
  }
}
