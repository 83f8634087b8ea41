import path from "node:path";

/** A file of ../shared/fixtures (realistic outside input beside the checkout, as CI lays it out). */
export const sharedFixture = (name: string) => path.resolve(import.meta.dirname, "../../../shared/fixtures", name);
