import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { it } from "vitest";
import { createTestApp, signedIn } from "./tests/helpers/app";
import { multipart } from "./tests/helpers/multipart";
it("dbg", async () => {
  const logs: string[] = [];
  const ctx = await createTestApp({}, { logStream: new Writable({ write(c, _e, cb) { logs.push(c.toString()); cb(); } }) });
  const sales = await signedIn(ctx, ["sales"]);
  const body = multipart("file", "a.csv", readFileSync("/work/shared/fixtures/crm-legacy-leads.csv"), "text/csv");
  const up = await ctx.app.inject({ method: "POST", url: "/api/crm/imports", ...body, headers: { ...body.headers, cookie: sales.cookie } });
  const u = up.json();
  for (const a of ["dry-run", "run"]) {
    const r = await ctx.app.inject({ method: "POST", url: `/api/crm/imports/${u.id}/${a}`, payload: { mapping: u.mapping }, headers: { cookie: sales.cookie } });
    console.log(a, r.statusCode, r.body.slice(0, 600));
  }
  console.log(logs.filter((l) => /"level":(50|40)/.test(l)).join("\n").slice(0, 3000));
  await ctx.close();
});
