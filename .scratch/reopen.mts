import { PGlite } from "@electric-sql/pglite";
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const dir = process.argv[2];
console.log("node", rss());
let db = await PGlite.create({ dataDir: dir, postgresqlconf: ["shared_buffers=16MB"] });
await db.query("select 1");
console.log("created", rss());
await db.close();
db = null as any;
for (let i = 0; i < 3; i++) { (globalThis as any).gc(); await new Promise((r) => setTimeout(r, 200)); }
console.log("closed+gc", rss());
db = await PGlite.create({ dataDir: dir, postgresqlconf: ["shared_buffers=16MB"] });
await db.query("select 1");
console.log("reopened", rss());
