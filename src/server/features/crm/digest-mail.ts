import { SITE_NAME } from "~/shared/constants";
import { formatDate, formatDateTime } from "~/shared/format-date";
import type { MyTaskCounts, MyTaskItem } from "~/shared/schemas/crm-work";
import { composeMail } from "../../mail/compose";
import type { MailBlock } from "../../mail/content";
import { MAIL_PRIORITY, type MailMessage } from "../../platform/mail/outbox";

/** A lead opened from an e-mail or My tasks: the CRM with its detail open. */
export const leadLink = (publicBaseUrl: string, leadId: string) => `${publicBaseUrl}/crm?lead=${leadId}`;
export const myTasksLink = (publicBaseUrl: string) => `${publicBaseUrl}/crm/tasks`;

/** "Call about the fee — Asha Rao, 10:00 am" or "Follow up with Asha Rao (26 Nov 2026)". */
export function digestItemLabel(item: MyTaskItem): string {
  if (item.kind === "followUp") return `Follow up with ${item.leadName} (${formatDate(item.dueAt)})`;
  return `${item.title} — ${item.leadName}, due ${formatDateTime(item.dueAt)}`;
}

function section(heading: string, count: number, items: MyTaskItem[], publicBaseUrl: string): MailBlock[] {
  if (count === 0) return [];
  const more = count - items.length;
  return [
    { kind: "text", text: `${heading} (${count})` },
    { kind: "links", items: items.map((item) => ({ label: digestItemLabel(item), url: leadLink(publicBaseUrl, item.leadId) })) },
    ...(more > 0 ? [{ kind: "text" as const, text: `and ${more} more in My tasks.` }] : []),
  ];
}

/**
 * An owner's daily digest (issue 23 §2): their overdue and due-today follow-ups and tasks, each a
 * link to its lead, the counts in the subject, and where to turn the e-mail off.
 */
export function digestMail(
  to: { email: string; name: string },
  day: string,
  counts: Pick<MyTaskCounts, "overdue" | "today">,
  items: { overdue: MyTaskItem[]; today: MyTaskItem[] },
  publicBaseUrl: string,
): Promise<MailMessage> {
  const tasks = myTasksLink(publicBaseUrl);
  return composeMail({
    to: to.email,
    subject: `Your CRM day, ${formatDate(`${day}T09:00:00+05:30`)}: ${counts.overdue} overdue, ${counts.today} due today`,
    preview: `${counts.overdue} overdue and ${counts.today} due today: follow-ups and tasks of your leads.`,
    heading: `Good morning, ${to.name}`,
    blocks: [
      { kind: "text", text: "Here is what is waiting for you in the CRM today." },
      ...section("Overdue", counts.overdue, items.overdue, publicBaseUrl),
      ...section("Due today", counts.today, items.today, publicBaseUrl),
    ],
    button: { label: "Open My tasks", url: tasks },
    reason: `You got this e-mail because your ${SITE_NAME} staff account (${to.email}) owns CRM leads with follow-ups or tasks due. It comes at 9:00 am on days with something due; turn it off in My tasks.`,
    footerLinks: [{ label: "Turn off the daily digest", url: tasks }],
    priority: MAIL_PRIORITY.bulk,
  });
}
