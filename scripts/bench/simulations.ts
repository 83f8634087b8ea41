// Simulation library benchmark of the built server (`node dist/server/main.js`) on PGlite:
//   npm run build && npm run bench:simulations
// Fills a fresh database with 50 simulations (the 5 demo ones with their images, plus 45 more),
// then measures with autocannon GET /api/simulations and the server-rendered /simulations page,
// each next to a bare Fastify hello-world (scripts/bench/hello.ts) measured in the same run.
// Prints a table of ratios, then one JSON line with every figure. Listens on 127.0.0.1 only.
import os from "node:os";
import { LIBRARY_SIZE, seedLibrary } from "./lib/library";
import { CONNECTIONS, DURATION_S, measure, vsBaseline, WARMUP_S, type LoadFigures } from "./lib/load";
import { runBench, stop } from "./lib/processes";
import { kb, lat, printFigures, table, times } from "./lib/report";
import { pgliteTarget, requireBuild, startHello, startServer } from "./lib/servers";

const SIMULATIONS = LIBRARY_SIZE;

async function main() {
  requireBuild();
  const target = pgliteTarget();
  await seedLibrary(target);
  const hello = await startHello();
  const baseline = (await measure({ url: `${hello.base}/` })).run;
  await stop(hello.child);

  const server = await startServer("server (pglite)", target, { SEED_DEMO: "false" });
  const list = (await (await fetch(`${server.base}/api/simulations`)).json()) as unknown[];
  const page = await (await fetch(`${server.base}/simulations`)).text();
  if (list.length !== SIMULATIONS || !page.includes(`Showing <!-- -->${SIMULATIONS}<!-- --> of <!-- -->${SIMULATIONS}`)) {
    throw new Error(`expected ${SIMULATIONS} simulations in the API (${list.length}) and in the page's first HTML`);
  }
  const api = (await measure({ url: `${server.base}/api/simulations` })).run;
  const html = (await measure({ url: `${server.base}/simulations` })).run;
  await stop(server.child);

  console.log(`Simulation library, ${SIMULATIONS} simulations, PGlite; autocannon ${CONNECTIONS} connections × ${DURATION_S} s after ${WARMUP_S} s warm-up; node ${process.version}, ${os.cpus().length} CPUs\n`);
  const rows: [string, LoadFigures][] = [["hello-world (baseline)", baseline], ["GET /api/simulations", api], ["GET /simulations (SSR)", html]];
  console.log(
    table(
      ["target", "req/s", "× hello", "p50", "p99", "per response", "non-2xx"],
      rows.map(([label, f]) => [label, f.reqPerSec, times(vsBaseline(f, baseline).reqPerSec), lat(f.p50Ms), lat(f.p99Ms), kb(f.bytesPerResponse), f.non2xx + f.errors]),
    ),
  );
  const problems = rows.filter(([, f]) => f.non2xx || f.errors).map(([label]) => `${label}: non-2xx or errors`);
  printFigures({ bench: "simulations", simulations: SIMULATIONS, baseline, api: { ...api, vsHelloWorld: vsBaseline(api, baseline) }, page: { ...html, vsHelloWorld: vsBaseline(html, baseline) }, problems });
  process.exitCode = problems.length ? 1 : 0;
}

runBench(main);
