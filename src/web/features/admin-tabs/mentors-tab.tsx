import { ComingSoon } from "./coming-soon";

export function MentorsTab() {
  return <ComingSoon title="Mentors" />;
}
