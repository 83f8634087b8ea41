import { SKILL_AREAS, TARGET_ROLES } from "~/shared/application-options";
import { ErrorLine, type FieldErrors } from "./form-fields";
import { SkillSlider } from "./skill-slider";
import type { ApplicationDraft } from "./wizard-steps";

interface Props {
  draft: ApplicationDraft;
  update: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void;
  errors: FieldErrors;
}

const skillError = (errors: FieldErrors) => Object.entries(errors).find(([field]) => field.startsWith("skillAssessment"))?.[1];

export function StepRoleFit({ draft, update, errors }: Props) {
  const toggle = (role: string, checked: boolean) =>
    update("targetRoles", checked ? [...draft.targetRoles, role] : draft.targetRoles.filter((r) => r !== role));
  const rolesError = errors.targetRoles ?? Object.entries(errors).find(([f]) => f.startsWith("targetRoles."))?.[1];
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3" aria-describedby={rolesError ? "target-roles-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Which roles are you targeting? * (choose one or more)</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TARGET_ROLES.map((role) => {
            const checked = draft.targetRoles.includes(role.value);
            return (
              <label
                key={role.value}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-600/40 ${
                  checked ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300"
                }`}
              >
                <input type="checkbox" className="size-4 accent-brand-600" name="targetRoles" value={role.value} checked={checked} onChange={(e) => toggle(role.value, e.target.checked)} />
                {role.label}
              </label>
            );
          })}
        </div>
        <ErrorLine id="target-roles-error" error={rolesError} />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Rate your skills (1 = Beginner, 5 = Expert)</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {SKILL_AREAS.map((skill) => (
            <SkillSlider
              key={skill.key}
              label={skill.label}
              helper={skill.helper}
              value={draft.skillAssessment[skill.key]}
              onChange={(value) => update("skillAssessment", { ...draft.skillAssessment, [skill.key]: value })}
            />
          ))}
        </div>
        <ErrorLine id="skills-error" error={skillError(errors)} />
      </fieldset>
    </div>
  );
}
