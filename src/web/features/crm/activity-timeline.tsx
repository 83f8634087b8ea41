import { formatDateTime } from "~/shared/format-date";
import { CALL_OUTCOME_LABELS } from "~/shared/crm/calls";
import { sourceLabel, statusLabel } from "~/shared/crm/pipeline";
import type { ActivityEntry } from "~/shared/schemas/crm";
import { assignedByRuleText } from "~/shared/schemas/crm-assignment";
import { day, formatMobile, formatRupees } from "./format";

const ENGAGEMENT: Record<string, string> = {
  application: "Applied to the program",
  brochure_download: "Downloaded the brochure",
  simulation_attempt: "Completed a simulation",
};

/** Field names as the screens label them. */
const FIELD_LABELS: Record<string, string> = {
  fullName: "Full name", email: "Email", mobile: "Mobile", leadOwner: "Lead owner", priority: "Priority", leadStage: "Stage",
  leadStatus: "Status", latestCallDate: "Latest call date", latestCallTime: "Latest call time", callDate: "Call date",
  followUpDate: "Follow-up date", notes: "Notes", actionItems: "Action items", paymentPageUrl: "Payment page",
  txnReference: "Transaction reference", txnReference1: "Transaction reference 1", saleAmount: "Sale amount",
  collectedAmount: "Collected amount", batchName: "Batch ID", linkedIn: "LinkedIn", currentProfile: "Current profile", motivation: "Motivation",
};

const DAYS = new Set(["latestCallDate", "callDate", "followUpDate"]);
const AMOUNTS = new Set(["saleAmount", "collectedAmount", "pendingAmount"]);

/** A logged value (stored as text) written as the list writes the field: days, rupees, mobiles, names. */
const value = (field: string | null, text: string | null, owners: Map<string, string>) => {
  if (text === null) return "empty";
  if (field === "leadOwner") return owners.get(text) ?? "a former owner";
  if (field === "leadStatus") return statusLabel(text);
  if (field && DAYS.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(text)) return day(text);
  if (field && AMOUNTS.has(field) && /^-?\d+(\.\d+)?$/.test(text)) return formatRupees(Number(text));
  if (field === "mobile") return formatMobile(text);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** "Call logged: Call back · next follow-up 28 Nov 2026 — wants the fee plan" */
function callText(entry: Extract<ActivityEntry, { kind: "call" }>): string {
  const followUp = entry.followUpDate ? ` · next follow-up ${day(entry.followUpDate)}` : "";
  return `Call logged: ${CALL_OUTCOME_LABELS[entry.outcome]}${followUp}${entry.note ? ` — ${entry.note}` : ""}`;
}

function describe(entry: ActivityEntry, owners: Map<string, string>): string {
  if (entry.kind === "engagement") return ENGAGEMENT[entry.source] ?? sourceLabel(entry.source);
  if (entry.kind === "create") return `Created by ${entry.by ?? "a former staff member"}`;
  if (entry.kind === "merge") return `Merged duplicate ${entry.from ?? ""} into this lead`;
  if (entry.kind === "import") return entry.to ?? "Updated from CSV";
  if (entry.kind === "call") return callText(entry);
  if (entry.kind === "task") return entry.event === "done" ? `Task done: ${entry.title}` : `Task added: ${entry.title} · due ${formatDateTime(entry.dueAt)}`;
  if (entry.kind === "assign") return assignedByRuleText(entry.to, entry.from);
  const label = FIELD_LABELS[entry.field ?? ""] ?? entry.field;
  return `${label}: ${value(entry.field, entry.from, owners)} → ${value(entry.field, entry.to, owners)}`;
}

/** Every engagement and every staff change, newest first (issue 11 "activity timeline"). */
export function ActivityTimeline({ activity, owners }: { activity: ActivityEntry[] | undefined; owners: Map<string, string> }) {
  if (!activity) return <p className="text-sm text-slate-600">Loading activity...</p>;
  if (activity.length === 0) return <p className="text-sm text-slate-600">No activity recorded yet</p>;
  return (
    <ol className="grid gap-2 border-l-2 border-slate-200 pl-4">
      {activity.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="text-sm">
          <p className="text-slate-900">{describe(entry, owners)}</p>
          <p className="text-xs text-slate-600">
            {formatDateTime(entry.at)}
            {"by" in entry && entry.by ? ` · ${entry.by}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
