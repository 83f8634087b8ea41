import { ListTodo } from "lucide-react";
import { Link } from "react-router";
import { groupIndian } from "~/shared/format-number";
import { buttonClass } from "~/web/components/ui/button";
import { useMyTaskCounts } from "./use-lead-work";

/** The CRM toolbar's way to My tasks, with how many are due today or overdue. */
export function MyTasksLink() {
  const counts = useMyTaskCounts();
  const due = counts.data ? counts.data.overdue + counts.data.today : undefined;
  return (
    <Link to="/crm/tasks" className={buttonClass("secondary")}>
      <ListTodo className="size-4" aria-hidden />
      My tasks{due ? ` (${groupIndian(due)} due)` : ""}
    </Link>
  );
}
