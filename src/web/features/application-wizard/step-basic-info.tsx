import { COUNTRY_CODES } from "~/shared/application-options";
import { Field, inputClass } from "~/web/components/ui/field";
import { ErrorLine, type FieldErrors } from "./form-fields";
import { ResumeInput } from "./resume-input";
import type { ApplicationDraft } from "./wizard-steps";

interface Props {
  draft: ApplicationDraft;
  update: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void;
  errors: FieldErrors;
  resume: File | null;
  onResume: (file: File | null) => void;
  /** The visitor left a field that has a form to keep (e-mail, LinkedIn): check it now. */
  onLeave: (field: "email" | "linkedIn") => void;
}

export function StepBasicInfo({ draft, update, errors, resume, onResume, onLeave }: Props) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name *" name="firstName" autoComplete="given-name" required maxLength={100} value={draft.firstName} error={errors.firstName} onChange={(e) => update("firstName", e.target.value)} />
        <Field label="Last Name *" name="lastName" autoComplete="family-name" required maxLength={100} value={draft.lastName} error={errors.lastName} onChange={(e) => update("lastName", e.target.value)} />
      </div>
      <Field label="Email *" name="email" type="email" autoComplete="email" required value={draft.email} error={errors.email} onChange={(e) => update("email", e.target.value)} onBlur={() => onLeave("email")} />
      <div className="grid gap-1.5">
        <label htmlFor="application-mobile" className="text-sm font-medium text-slate-800">
          Mobile Number *
        </label>
        <div className="flex gap-2">
          <div className="w-28 shrink-0">
            <select
              aria-label="Country code"
              name="countryCode"
              className={inputClass}
              value={draft.countryCode}
              aria-invalid={errors.countryCode ? true : undefined}
              onChange={(e) => update("countryCode", e.target.value)}
            >
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <input
            id="application-mobile"
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            className={`${inputClass} min-w-0 flex-1`}
            value={draft.mobile}
            aria-invalid={errors.mobile ? true : undefined}
            aria-describedby={errors.mobile || errors.countryCode ? "application-mobile-error" : undefined}
            onChange={(e) => update("mobile", e.target.value)}
          />
        </div>
        <ErrorLine id="application-mobile-error" error={errors.mobile ?? errors.countryCode} />
      </div>
      <Field
        label="LinkedIn Profile URL *"
        name="linkedIn"
        type="url"
        placeholder="https://www.linkedin.com/in/your-profile"
        required
        value={draft.linkedIn}
        error={errors.linkedIn}
        onChange={(e) => update("linkedIn", e.target.value)}
        onBlur={() => onLeave("linkedIn")}
      />
      <ResumeInput file={resume} onChange={onResume} serverError={errors.resume} />
    </div>
  );
}
