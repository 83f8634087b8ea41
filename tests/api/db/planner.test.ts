// Planner settings per statement (src/server/db/planner.ts): the CRM search's plans. On PostgreSQL
// one transaction with the settings switched between statements; on the embedded database each
// statement carries its settings to the worker, which sets and resets them around it, so other
// work (a sign-in) can run between a search's statements. And the worker's thread yields a core to
// the server's thread (a lower priority).
import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Db } from "~/server/db/client";
import { withPlanner } from "~/server/db/planner";
import { resetSettingsSql, setSettingsSql } from "~/server/db/planner-sql";
import { withQueryPriority } from "~/server/db/priority";
import { createTestDatabase, testEngine } from "../../helpers/database";

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  drop = created.drop;
});
afterAll(() => drop());

const OFF = { enable_seqscan: "off", enable_bitmapscan: "off" } as const;
const ON = { enable_seqscan: "on", enable_bitmapscan: "on" } as const;
const settingsNow = async (on: Db) =>
  rowsOf<{ seqscan: string; bitmapscan: string }>(await on.execute(sql`select current_setting('enable_seqscan') as seqscan, current_setting('enable_bitmapscan') as bitmapscan`))[0];

describe("withPlanner", () => {
  it("runs each statement under the settings it names, one after the other, and leaves later statements on the defaults", async () => {
    const before = await settingsNow(db);
    expect(before).toEqual({ seqscan: "on", bitmapscan: "on" });
    const seen = await withPlanner(db, async (run) => [
      await run(OFF, settingsNow),
      await run(ON, settingsNow),
      await run(OFF, settingsNow),
    ]);
    expect(seen).toEqual([{ seqscan: "off", bitmapscan: "off" }, { seqscan: "on", bitmapscan: "on" }, { seqscan: "off", bitmapscan: "off" }]);
    expect(await settingsNow(db)).toEqual(before);
  });

  it("leaves the defaults in place after a statement that fails under its settings", async () => {
    const failed = await withPlanner(db, (run) => run(OFF, (on) => on.execute(sql`select 1 / 0`))).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(await settingsNow(db)).toEqual({ seqscan: "on", bitmapscan: "on" });
  });

  it("writes only setting names and values of letters, digits, dots and underscores into SQL", () => {
    expect(setSettingsSql(OFF, true)).toBe("select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)");
    expect(resetSettingsSql(OFF)).toBe("reset enable_seqscan; reset enable_bitmapscan");
    expect(() => setSettingsSql({ "enable_seqscan'; drop table lead; --": "off" }, false)).toThrow(/Not a planner setting/);
    expect(() => setSettingsSql({ work_mem: "64MB'" }, false)).toThrow(/Not a planner setting/);
    expect(() => resetSettingsSql({ "a b": "on" })).toThrow(/Not a planner setting/);
  });
});

if (testEngine === "pglite") describe("on the embedded database", () => {
  it("runs a waiting interactive statement between a planned run's statements (no transaction holds the database)", async () => {
    const order: string[] = [];
    let interactive: Promise<void> | null = null;
    await withPlanner(db, async (run) => {
      const first = run(OFF, (on) => on.execute(sql`select pg_sleep(0.3)`)).then(() => void order.push("first"));
      await new Promise((resolve) => setTimeout(resolve, 100)); // the first is running by then
      interactive = withQueryPriority("interactive", async () => void (await db.execute(sql`select 1`))).then(() => void order.push("interactive"));
      await first;
      await run(OFF, (on) => on.execute(sql`select 1`));
      order.push("second");
    });
    await interactive;
    expect(order).toEqual(["first", "interactive", "second"]);
  });

  it("runs the worker's thread at a lower priority than the server's (nice 10 against the process's own)", () => {
    // Field 19 of /proc/<pid>/task/<tid>/stat, after the command name (which may hold spaces).
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
    const threads = readdirSync("/proc/self/task");
    expect(nice(String(process.pid))).toBe(0);
    expect(threads.map(nice)).toContain(10);
  });
});
