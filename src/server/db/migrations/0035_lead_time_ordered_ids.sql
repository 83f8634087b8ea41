-- New leads get time-ordered ids (UUID version 7, as src/server/db/uuid-v7.ts makes them; PostgreSQL 15
-- has no uuidv7()), as the CSV import already gave its new leads. With random ids every new lead, and
-- every new row version of a lead a bulk change or an import writes, took its primary-key entry on a
-- random page of lead_pkey; at 1.5 million leads that index outgrows the server's buffers and each such
-- page read evicts a dirty one. Leads that came in about the same time now sit together in the index,
-- so a change to recent leads touches a few of its pages. Existing leads keep their ids.
ALTER TABLE "lead" ALTER COLUMN "id" SET DEFAULT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid;
