import { ComingSoon } from "./coming-soon";

export function DownloadsTab() {
  return <ComingSoon title="Downloads" />;
}
