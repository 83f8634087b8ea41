import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { fieldErrorsByPath } from "~/shared/schemas/common";
import { mentorListSchema, type Mentor } from "~/shared/schemas/mentors";
import { Button } from "~/web/components/ui/button";
import { MENTOR_FIELD_LABELS, MentorFields } from "~/web/features/mentors/mentor-fields";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { focusFirstInvalid, useFieldErrors } from "~/web/lib/use-field-errors";

/** "Mentor 2, LinkedIn: Please enter a valid LinkedIn profile URL": the first wrong field, by its label. */
export function describeFieldError(fields: Record<string, string>): string | null {
  const first = Object.entries(fields)[0];
  if (!first) return null;
  const [path, message] = first;
  const [index, field] = path.split(".");
  if (field === undefined || !/^\d+$/.test(index!)) return message;
  return `Mentor ${Number(index) + 1}, ${MENTOR_FIELD_LABELS[field] ?? field}: ${message}`;
}

const KEY = ["mentors"] as const;

/** A new mentor (internal-side §2.1): id = count + 1 (or the next free id after removals), placeholders to overwrite. */
export function newMentor(list: readonly Mentor[]): Mentor {
  const ids = new Set(list.map((m) => m.id));
  const id = ids.has(list.length + 1) ? Math.max(...ids) + 1 : list.length + 1;
  return {
    id,
    name: "New Mentor",
    role: "Role / Position",
    // None yet: the public card shows the mentor's initials in its place (a picture path of our own
    // is not a link the list accepts, so a placeholder file here made every new mentor unsaveable).
    image: "",
    bio: "Write a short bio: experience, companies and what this mentor helps with.",
    // Left empty, not a placeholder address: an unsaved placeholder would be published as a real link.
    linkedin: "",
  };
}

/** The Mentors tab (admin, content): edits the whole list and saves it together. */
export function MentorsTab() {
  const queryClient = useQueryClient();
  const mentors = useQuery({ queryKey: KEY, queryFn: () => api<Mentor[]>("/api/mentors") });
  const [draft, setDraft] = useState<Mentor[] | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const editor = useRef<HTMLDivElement>(null);
  const { errors, setErrors, validate, revalidate, clear } = useFieldErrors(mentorListSchema, { byPath: true });
  const list = draft ?? mentors.data ?? [];
  const save = useMutation({
    mutationFn: (body: Mentor[]) => api<Mentor[]>("/api/mentors", { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      setDraft(null);
      clear();
      toast({ title: "Mentors updated" });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      focusFirstInvalid(editor.current);
      toast({ title: "Error updating mentors", description: describeFieldError(fields) ?? error.message, variant: "destructive" });
    },
  });

  if (mentors.isPending) return <p className="p-8 text-center text-slate-600">Loading mentors...</p>;
  if (mentors.isError) return <p className="p-8 text-center text-red-700">{mentors.error.message}</p>;
  const edit = (next: Mentor[]) => setDraft(next);
  const submit = () => {
    if (validate(list)) return save.mutate(list);
    focusFirstInvalid(editor.current);
    toast({ title: "Error updating mentors", description: describeFieldError(fieldErrorsByPath(mentorListSchema, list)) ?? "", variant: "destructive" });
  };

  return (
    <div ref={editor} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-brand-900">Mentors</h2>
          <p className="text-sm text-slate-600">The list shown on the public pages. Changes are saved together.</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              const mentor = newMentor(list);
              setAdded(mentor.id);
              edit([...list, mentor]);
            }}
          >
            <Plus className="size-4" aria-hidden /> Add Mentor
          </Button>
          <Button onClick={submit} disabled={save.isPending || draft === null}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </div>
      {list.length === 0 && <p className="rounded-xl border border-slate-200 bg-white p-8 text-slate-600">No mentors yet.</p>}
      {list.map((mentor, index) => (
        <MentorFields
          key={mentor.id}
          mentor={mentor}
          index={index}
          errors={errors}
          onChange={(next, field) => {
            const nextList = list.map((m, i) => (i === index ? next : m));
            edit(nextList);
            revalidate(`${index}.${field}`, nextList);
          }}
          onRemove={() => edit(list.filter((_, i) => i !== index))}
          isNew={mentor.id === added}
        />
      ))}
    </div>
  );
}
