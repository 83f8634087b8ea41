import { sql } from "drizzle-orm";

/**
 * A time-ordered UUID (version 7: 48 bits of Unix milliseconds, then random bits), made in SQL on
 * both engines (PostgreSQL 15 has no uuidv7()): a v4 from gen_random_uuid() with its first six bytes
 * replaced by the clock and its version bits turned from 4 to 7. Rows written in bulk with these ids
 * add to the right-hand edge of their primary-key index instead of touching a random page of it
 * per row, which is what made the CRM import's writes of new leads and activity slow once the
 * indexes outgrew the server's buffers.
 */
export const UUID_V7 = sql.raw(
  "encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid",
);
