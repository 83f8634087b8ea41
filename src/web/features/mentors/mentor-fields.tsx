import { Trash2 } from "lucide-react";
import { useId } from "react";
import type { Mentor } from "~/shared/schemas/mentors";
import { Button } from "~/web/components/ui/button";
import { Field, inputClass } from "~/web/components/ui/field";
import { ImageUploadField } from "~/web/features/images/image-upload-field";

interface MentorFieldsProps {
  mentor: Mentor;
  index: number;
  errors: Record<string, string>;
  /** The mentor after the edit, and the field that changed (so its error can clear). */
  onChange: (mentor: Mentor, field: keyof Mentor) => void;
  onRemove: () => void;
  /** Just added: its Name takes the focus (and scrolls into view). */
  isNew?: boolean;
}

/** The editor's label of each field, so a save error can name it. */
export const MENTOR_FIELD_LABELS: Record<string, string> = {
  id: "Id",
  name: "Name",
  role: "Role",
  image: "Image",
  bio: "Bio",
  linkedin: "LinkedIn",
  twitter: "Twitter",
  website: "Website",
};

/** Every field of one mentor in the editor; errors are keyed like the API's ("0.name"). */
export function MentorFields({ mentor, index, errors, onChange, onRemove, isNew = false }: MentorFieldsProps) {
  const bioId = useId();
  const set = (key: keyof Mentor, value: string) => onChange({ ...mentor, [key]: value }, key);
  const error = (key: string) => errors[`${index}.${key}`];
  return (
    // min-w-0: a fieldset is otherwise as wide as its widest content (the file input), wider than a phone.
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-5" aria-label={`Mentor ${index + 1}`}>
      <div className="flex items-center justify-between">
        <legend className="text-base font-semibold text-brand-900">
          Mentor {index + 1}: {mentor.name || "(no name)"}
        </legend>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove mentor ${index + 1}`}>
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      </div>
      {error("id") && <p className="text-sm text-red-700">{error("id")}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={mentor.name} onChange={(e) => set("name", e.target.value)} error={error("name")} maxLength={120} autoFocus={isNew} />
        <Field label="Role" value={mentor.role} onChange={(e) => set("role", e.target.value)} error={error("role")} maxLength={160} />
      </div>
      <ImageUploadField label="Image" target="mentor-image" value={mentor.image} onChange={(url) => set("image", url)} />
      {error("image") && <p className="text-sm text-red-700">{error("image")}</p>}
      <div className="grid gap-1.5">
        <label htmlFor={bioId} className="text-sm font-medium text-slate-800">
          Bio
        </label>
        <textarea id={bioId} rows={3} value={mentor.bio} onChange={(e) => set("bio", e.target.value)} className={inputClass} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="LinkedIn" type="url" placeholder="linkedin.com/in/…" value={mentor.linkedin} onChange={(e) => set("linkedin", e.target.value)} error={error("linkedin")} />
        <Field label="Twitter" type="url" value={mentor.twitter ?? ""} onChange={(e) => set("twitter", e.target.value)} error={error("twitter")} />
        <Field label="Website" type="url" value={mentor.website ?? ""} onChange={(e) => set("website", e.target.value)} error={error("website")} />
      </div>
    </fieldset>
  );
}
