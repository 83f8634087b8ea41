import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Shuffle } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { LeadOwner } from "~/shared/schemas/crm";
import {
  ASSIGNMENT_MODE_LABELS,
  ASSIGNMENT_SOURCE_LABELS,
  type AssignmentMode,
  type AssignmentRule,
} from "~/shared/schemas/crm-assignment";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { OwnerSelect } from "./lead-pipeline-fields";

const RULES_KEY = ["crm", "assignment-rules"] as const;
const control = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

/** The admin's "Assignment rules" button and dialog (issue 23 §2): one rule per source of new leads. */
export function AssignmentRulesButton({ owners }: { owners: LeadOwner[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Shuffle className="size-4" aria-hidden />
        Assignment rules
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Assignment rules"
        description="New leads from each source go to the chosen sales staff in turn (round robin) or to one owner, the moment they arrive. Deactivated staff are skipped."
        width="max-w-2xl"
      >
        {open && <RuleList owners={owners} />}
      </Modal>
    </>
  );
}

function RuleList({ owners }: { owners: LeadOwner[] }) {
  const rules = useQuery({ queryKey: RULES_KEY, queryFn: () => api<{ rules: AssignmentRule[] }>("/api/crm/assignment-rules") });
  if (rules.isPending) return <p className="text-sm text-slate-600">Loading rules...</p>;
  if (rules.isError) return <p role="alert" className="text-sm text-red-800">{rules.error.message}</p>;
  return (
    <div className="grid gap-4">
      {rules.data.rules.map((rule) => (
        <RuleForm key={`${rule.source}:${rule.updatedAt ?? ""}`} rule={rule} owners={owners} />
      ))}
    </div>
  );
}

function RuleForm({ rule, owners }: { rule: AssignmentRule; owners: LeadOwner[] }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AssignmentMode>(rule.mode);
  // In turn order: the rule's members first (as saved), then ticks add at the end.
  const [chosen, setChosen] = useState<string[]>(rule.staff.map((s) => s.id));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api<AssignmentRule>(`/api/crm/assignment-rules/${rule.source}`, { method: "PUT", body: { mode, staffIds: mode === "off" ? [] : mode === "owner" ? chosen.slice(0, 1) : chosen } }),
    onSuccess: () => {
      setError(null);
      toast({ title: "Rule saved", description: ASSIGNMENT_SOURCE_LABELS[rule.source] });
      void queryClient.invalidateQueries({ queryKey: RULES_KEY });
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fields.staffIds ?? e.message) : String(e)),
  });
  const inactive = rule.staff.filter((s) => !s.active);
  const people = [...owners, ...inactive.map((s) => ({ id: s.id, name: s.name, email: "" }))];
  const id = `rule-${rule.source}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-brand-900">
        {ASSIGNMENT_SOURCE_LABELS[rule.source]}
      </h3>
      <label className="grid gap-1 text-sm">
        <span className="font-medium text-slate-800">Who gets them</span>
        <select className={control} value={mode} onChange={(e) => setMode(e.target.value as AssignmentMode)}>
          {Object.entries(ASSIGNMENT_MODE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {mode === "owner" && <OwnerSelect value={chosen[0] ?? ""} owners={owners} error={error ?? undefined} onChange={(owner) => setChosen(owner ? [owner] : [])} />}
      {mode === "round_robin" && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="mb-1 font-medium text-slate-800">Sales staff, in turn</legend>
          {people.map((person) => {
            const gone = inactive.some((s) => s.id === person.id);
            return (
              <label key={person.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.includes(person.id)}
                  onChange={(e) => setChosen((list) => (e.target.checked ? [...list, person.id] : list.filter((x) => x !== person.id)))}
                />
                <span className="wrap-anywhere">
                  {person.name}
                  {gone && <span className="text-slate-600"> (deactivated: skipped)</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {error && mode !== "owner" && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save rule"}
        </Button>
      </div>
    </form>
  );
}
