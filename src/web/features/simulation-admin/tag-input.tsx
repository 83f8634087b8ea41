import { X } from "lucide-react";
import { useId, useState } from "react";
import { cleanTags } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { inputClass } from "~/web/components/ui/field";

/** Tags added with Enter or Add, trimmed; empty and duplicate ones ignored; each removable. */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    onChange(cleanTags([...tags, draft]));
    setDraft("");
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Tags
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={40}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          placeholder="Type a tag and press Enter"
          className={inputClass}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700">
              {tag}
              <button type="button" onClick={() => onChange(tags.filter((t) => t !== tag))} aria-label={`Remove tag ${tag}`} className="rounded-full p-0.5 hover:bg-brand-100">
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
