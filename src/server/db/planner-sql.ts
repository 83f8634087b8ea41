// The statements that set and reset planner settings, shared by the server's thread (db/planner.ts)
// and the embedded database's worker (pglite-worker.ts), which imports nothing else of the server.
import type { PlannerSettings } from "./pglite-protocol";

/** Setting names and values are our own constants, written into SQL text: anything else is refused. */
const NAME = /^[a-z_]+$/;
const VALUE = /^[A-Za-z0-9_.]+$/;

function checked(settings: PlannerSettings): [string, string][] {
  const entries = Object.entries(settings);
  for (const [name, value] of entries) {
    if (!NAME.test(name) || !VALUE.test(value)) throw new Error(`Not a planner setting: ${JSON.stringify(name)} = ${JSON.stringify(value)}`);
  }
  return entries;
}

/** One statement that sets them, for the rest of the transaction (`local`) or of the session. */
export const setSettingsSql = (settings: PlannerSettings, local: boolean): string =>
  `select ${checked(settings).map(([name, value]) => `set_config('${name}', '${value}', ${local})`).join(", ")}`;

/** Back to the session's defaults (the server's settings file): one simple-protocol batch. */
export const resetSettingsSql = (settings: PlannerSettings): string =>
  checked(settings).map(([name]) => `reset ${name}`).join("; ");
