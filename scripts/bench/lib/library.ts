// A fresh database holding the simulation library the page benchmarks measure, and a content editor
// whose edits (through the API, as staff make them) start the "cold" measurements.
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { seedDemoContent } from "~/server/features/demo/seed";
import { createSimulation, listPublicSimulations } from "~/server/features/simulations/service";
import { createStaff } from "~/server/features/staff/service";
import { targetConfigEnv, type DataTarget } from "./servers";

export const LIBRARY_SIZE = 50;
export const BENCH_EDITOR = { email: "bench.editor@example.com", name: "Bench Editor", password: "bench-editor-password-1", roles: ["content" as const] };

/** The demo content plus more simulations up to `size`, and the bench's content editor; returns the newest one's slug. */
export async function seedLibrary(target: DataTarget, size = LIBRARY_SIZE): Promise<string> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    await seedDemoContent(database.db);
    const demo = await listPublicSimulations(database.db);
    for (let i = demo.length; i < size; i++) {
      const model = demo[i % demo.length]!;
      await createSimulation(database.db, { ...model, title: `${model.title} (${i + 1})`, tags: [...model.tags, `Batch ${i % 7}`] });
    }
    await createStaff(database.db, BENCH_EDITOR);
    return (await listPublicSimulations(database.db))[0]!.slug;
  } finally {
    await database.close();
    release();
  }
}

/** Signs the bench's editor in; the session cookie to send with edits. */
export async function signInEditor(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: BENCH_EDITOR.email, password: BENCH_EDITOR.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ff_session="));
  if (!response.ok || !cookie) throw new Error(`editor sign-in answered ${response.status}`);
  return cookie.split(";")[0]!;
}

/** A staff edit that changes nothing visible: the mentor list saved as it is. It moves the content version on. */
export async function touchContent(base: string, cookie: string): Promise<void> {
  const mentors = await (await fetch(`${base}/api/mentors`, { headers: { cookie } })).text();
  const saved = await fetch(`${base}/api/mentors`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: mentors });
  if (!saved.ok) throw new Error(`saving the mentor list answered ${saved.status}: ${await saved.text()}`);
}
