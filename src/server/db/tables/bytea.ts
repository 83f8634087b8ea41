import { customType } from "drizzle-orm/pg-core";

/** Binary column; node-postgres and PGlite both hand back a Uint8Array/Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
