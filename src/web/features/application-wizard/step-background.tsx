import { CURRENT_ROLES, EXPERIENCE_LEVELS } from "~/shared/application-options";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { SelectField, type FieldErrors } from "./form-fields";
import type { ApplicationDraft } from "./wizard-steps";

interface Props {
  draft: ApplicationDraft;
  update: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void;
  errors: FieldErrors;
}

export function StepBackground({ draft, update, errors }: Props) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Current Role *"
          name="currentRole"
          placeholder="Select your current role"
          options={CURRENT_ROLES}
          required
          value={draft.currentRole}
          error={errors.currentRole}
          onChange={(e) => update("currentRole", e.target.value)}
        />
        <SelectField
          label="Experience *"
          name="experience"
          placeholder="Select your experience"
          options={EXPERIENCE_LEVELS}
          required
          value={draft.experience}
          error={errors.experience}
          onChange={(e) => update("experience", e.target.value)}
        />
      </div>
      <TextareaField
        label="Why do you want to join Founder's Find? *"
        hint="Tell us what you want to achieve and why a generalist startup role is right for you."
        name="motivation"
        rows={5}
        maxLength={5000}
        required
        value={draft.motivation}
        error={errors.motivation}
        onChange={(e) => update("motivation", e.target.value)}
      />
    </div>
  );
}
