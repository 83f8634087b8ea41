import { hash, verify } from "@node-rs/argon2";
const configs = JSON.parse(process.env.CONFIGS);
for (const [m,t] of configs) {
  const h = await hash("pw", { memoryCost: m, timeCost: t, parallelism: 1 });
  const times = []; let faults = 0;
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const f0 = process.resourceUsage().minorPageFault; const t0 = performance.now();
    await verify(h, "pw"); times.push(performance.now() - t0); faults += process.resourceUsage().minorPageFault - f0;
  }
  times.sort((a,b)=>a-b);
  console.log(`m=${m} t=${t}: p50 ${times[30].toFixed(1)} p95 ${times[57].toFixed(1)} max ${times[59].toFixed(1)} faults/verify ${(faults/60).toFixed(0)}`);
}
