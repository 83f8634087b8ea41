import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const dir = process.argv[2];
console.log("node", rss());
const url = import.meta.resolve("@electric-sql/pglite");
await new Promise<void>((resolve, reject) => {
  const w = new Worker(`import(require("node:worker_threads").workerData.url).then(async ({ PGlite }) => { const db = await PGlite.create({ dataDir: require("node:worker_threads").workerData.dir }); await db.close(); })`, { eval: true, workerData: { url, dir } });
  w.on("error", reject); w.on("exit", (code) => code === 0 ? resolve() : reject(new Error(String(code))));
});
console.log("worker done", rss());
for (let i = 0; i < 3; i++) { (globalThis as any).gc(); await new Promise((r) => setTimeout(r, 200)); }
console.log("gc", rss());
const db = await PGlite.create({ dataDir: dir, postgresqlconf: ["shared_buffers=16MB"] });
await db.query("select 1");
console.log("opened", rss());
