import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at one of OWASP's equivalent minimum costs: 12 MiB, 3 passes (the cheat sheet lists
 * 19 MiB × 2 and 12 MiB × 3 as the same protection). Not 19 MiB: the library's allocator (mimalloc,
 * built into @node-rs/argon2) gives a block that large back to the system when a check ends, so each
 * check mapped and zeroed 19 MiB afresh (~265 page faults, where 12 MiB reuses its memory: 6). On a
 * 2-core VM one check every 100 ms took p50 15.4 / p95 18.9 / max 55.8 ms at 19 MiB against
 * 10.9 / 12.1 / 12.9 ms at 12 MiB — most of a sign-in's time and nearly all of its tail.
 * Parallelism 2 (the same memory and passes, the library works the two lanes on two threads) halves
 * an idle check (median 8.5 against 13.9 ms) but moved no figure of `npm run bench:embedded`: under
 * staff work both cores are busy, and idle the sign-in's p50 went 26.0 → 28.0 ms. Kept at 1.
 */
const OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 };
/** The parameters part of a hash made with OPTIONS (PHC string format: `$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
const CURRENT = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A stored hash made with other parameters (an older cost): hashed again at the next right sign-in. */
export const needsRehash = (passwordHash: string) => !passwordHash.startsWith(CURRENT);

/** Verified against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword("not-a-real-password-0123456789"));
