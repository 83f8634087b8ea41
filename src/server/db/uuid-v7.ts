import { sql, type SQL } from "drizzle-orm";

/**
 * SQL for a time-ordered UUID (version 7: 48 bits of Unix milliseconds, then random bits) of the
 * instant `at` (an SQL timestamp expression), on both engines (PostgreSQL 15 has no uuidv7()): a v4
 * from gen_random_uuid() with its first six bytes replaced by the clock and its version bits turned
 * from 4 to 7. Rows written with these ids add to the right-hand edge of their primary-key index, and
 * rows written about the same time sit together in it, instead of each touching a random page: what
 * made the CRM import's writes of new leads and activity, and a bulk change of recent leads, slow once
 * the indexes outgrew the server's buffers.
 */
export const uuidV7At = (at: string): string =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from ${at}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/** A time-ordered UUID of now (the statement's clock, so each row of a long statement its own instant). */
export const UUID_V7: SQL = sql.raw(uuidV7At("clock_timestamp()"));
