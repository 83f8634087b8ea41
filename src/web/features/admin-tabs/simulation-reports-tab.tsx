import { ComingSoon } from "./coming-soon";

export function SimulationReportsTab() {
  return <ComingSoon title="Simulation Reports" />;
}
