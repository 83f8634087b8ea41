import { ComingSoon } from "./coming-soon";

export function ApplicationsTab() {
  return <ComingSoon title="Applications" />;
}
