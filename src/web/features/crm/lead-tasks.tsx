import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { formatDateTime, kolkataDateAndTime } from "~/shared/format-date";
import type { Lead, LeadOwner } from "~/shared/schemas/crm";
import { taskCreateSchema, type Task, type TaskCreateInput } from "~/shared/schemas/crm-work";
import { fieldErrors } from "~/shared/schemas/common";
import { Button } from "~/web/components/ui/button";
import { DateField } from "~/web/components/ui/date-field";
import { Field, inputClass } from "~/web/components/ui/field";
import { FieldShell } from "~/web/components/ui/field-shell";
import { ApiError } from "~/web/lib/api";
import { useChosen } from "~/web/lib/use-chosen";
import { useAddTask, useDeleteTask, useLeadTasks, useUpdateTask } from "./use-lead-work";

type Draft = { title: string; dueDate: string; dueTime: string; ownerId: string };

/** A new task starts due tomorrow at 10:00 in Kolkata, owned by the lead's owner ("" = the lead's). */
const newDraft = (): Draft => ({ title: "", dueDate: kolkataDateAndTime(new Date(Date.now() + 24 * 60 * 60 * 1000)).date, dueTime: "10:00", ownerId: "" });

/** The add and edit form of a task: title, due day and time (Asia/Kolkata), owner. */
function TaskForm({ initial, owners, ownerHint, busy, onSave, onCancel, label }: {
  initial: Draft;
  owners: LeadOwner[];
  ownerHint: string;
  busy: boolean;
  onSave: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
  label: string;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: TaskCreateInput = { title: draft.title, dueDate: draft.dueDate, dueTime: draft.dueTime, ...(draft.ownerId ? { ownerId: draft.ownerId } : {}) };
    const found = fieldErrors(taskCreateSchema, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSave(draft);
      if (!onCancel) setDraft(newDraft());
    } catch (error) {
      setErrors(error instanceof ApiError && Object.keys(error.fields).length ? error.fields : { _: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <form className="grid gap-3 rounded-md bg-slate-50 p-3" onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Field label="Task" value={draft.title} onChange={(e) => set("title")(e.target.value)} error={errors.title} maxLength={200} required />
      <div className="grid gap-3 sm:grid-cols-3">
        <DateField label="Due date" value={draft.dueDate} onChange={set("dueDate")} error={errors.dueDate} />
        <Field label="Due time" type="time" value={draft.dueTime} onChange={(e) => set("dueTime")(e.target.value)} error={errors.dueTime} required />
        <FieldShell label="Task owner" error={errors.ownerId}>
          {(control) => (
            <select className={inputClass} {...control} value={draft.ownerId} onChange={(e) => set("ownerId")(e.target.value)}>
              <option value="">{ownerHint}</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      </div>
      {errors._ && (
        <p role="alert" className="text-sm text-red-800">
          {errors._}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          {onCancel ? "Save task" : (<><Plus className="size-4" aria-hidden /> Add task</>)}
        </Button>
      </div>
    </form>
  );
}

/** `now`: when the detail opened, for "Overdue" (a render must not read the clock). */
function TaskItem({ task, owners, now }: { task: Task; owners: LeadOwner[]; now: number }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [done, chooseDone] = useChosen(task.done);
  const overdue = !task.done && Date.parse(task.dueAt) < now;
  if (editing) {
    return (
      <li>
        <TaskForm
          label={`Edit task ${task.title}`}
          initial={{ title: task.title, dueDate: task.dueDate, dueTime: task.dueTime, ownerId: task.ownerId ?? "" }}
          owners={owners}
          ownerHint={task.ownerName ?? "Unassigned"}
          busy={update.isPending}
          onSave={(draft) => update.mutateAsync({ id: task.id, changes: { title: draft.title, dueDate: draft.dueDate, dueTime: draft.dueTime, ...(draft.ownerId ? { ownerId: draft.ownerId } : {}) } }).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-brand-600"
        // The tick shows at once; the list catches up when the server answers.
        checked={done}
        disabled={update.isPending}
        aria-label={`Done: ${task.title}`}
        onChange={(e) => update.mutate({ id: task.id, changes: { done: e.target.checked } }, { onSettled: chooseDone(e.target.checked) })}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className={task.done ? "text-slate-500 line-through" : "text-slate-900"}>{task.title}</span>
        <span className={`text-xs ${overdue ? "font-semibold text-red-700" : "text-slate-600"}`}>
          {overdue ? "Overdue · " : ""}Due {formatDateTime(task.dueAt)} · {task.ownerName ?? "Unassigned"}
        </span>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Edit task ${task.title}`} onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Remove task ${task.title}`} disabled={remove.isPending} onClick={() => remove.mutate(task.id)}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

/** The detail's Tasks section (issue 23 §2): the lead's tasks, done or not, and a form to add one. */
export function LeadTasks({ lead, owners }: { lead: Lead; owners: LeadOwner[] }) {
  const tasks = useLeadTasks(lead.id);
  const add = useAddTask(lead.id);
  const [now] = useState(Date.now);
  return (
    <div className="grid gap-3">
      {tasks.isPending ? (
        <p className="text-sm text-slate-600">Loading tasks...</p>
      ) : tasks.isError ? (
        <p role="alert" className="text-sm text-red-800">Failed to load the tasks</p>
      ) : tasks.data.length === 0 ? (
        <p className="text-sm text-slate-600">No tasks yet</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Tasks of ${lead.fullName || lead.email}`}>
          {tasks.data.map((task) => (
            <TaskItem key={task.id} task={task} owners={owners} now={now} />
          ))}
        </ul>
      )}
      <TaskForm
        label="New task"
        initial={newDraft()}
        owners={owners}
        ownerHint={lead.leadOwnerName ? `Lead owner (${lead.leadOwnerName})` : "Me (lead is unassigned)"}
        busy={add.isPending}
        onSave={(draft) => add.mutateAsync({ title: draft.title, dueDate: draft.dueDate, dueTime: draft.dueTime, ...(draft.ownerId ? { ownerId: draft.ownerId } : {}) })}
      />
    </div>
  );
}
