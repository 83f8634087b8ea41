import type { ReactNode } from "react";
import { Send } from "lucide-react";
import { currentRoleLabel, experienceLabel, SKILL_AREAS, SKILL_MAX, targetRoleLabel } from "~/shared/application-options";
import { Button } from "~/web/components/ui/button";
import type { FieldErrors } from "./form-fields";
import { STEPS, stepOfField, type ApplicationDraft, type StepNumber } from "./wizard-steps";

interface Props {
  draft: ApplicationDraft;
  resume: File | null;
  errors: FieldErrors;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
  onGoTo: (step: StepNumber) => void;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-slate-500">{term}</dt>
      {/* min-w-0 and wrap-anywhere: a long unbroken answer wraps instead of widening the card past Submit. */}
      <dd className="min-w-0 text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Step 5: the answers at a glance, any problems the server found, and the Ready to Submit panel. */
export function StepReview({ draft, resume, errors, submitting, onBack, onSubmit, onGoTo }: Props) {
  const problems = Object.entries(errors).filter(([field]) => field !== "_");
  return (
    <div className="grid gap-5">
      <dl className="grid gap-2 rounded-xl border border-slate-200 p-4 text-sm">
        <Row term="Name">
          {draft.firstName} {draft.lastName}
        </Row>
        <Row term="Email">{draft.email}</Row>
        <Row term="Mobile">{draft.mobile ? `${draft.countryCode} ${draft.mobile}` : "Not given"}</Row>
        <Row term="LinkedIn">{draft.linkedIn}</Row>
        <Row term="Resume">{resume ? resume.name : "Not attached"}</Row>
        <Row term="Current role">{currentRoleLabel(draft.currentRole)}</Row>
        <Row term="Experience">{experienceLabel(draft.experience)}</Row>
        <Row term="Target roles">{draft.targetRoles.map(targetRoleLabel).join(", ")}</Row>
        <Row term="Skills">{SKILL_AREAS.map((s) => `${s.label.split(" ")[0]} ${draft.skillAssessment[s.key]}/${SKILL_MAX}`).join(" · ")}</Row>
        <Row term="Motivation">
          <span className="whitespace-pre-line">{draft.motivation}</span>
        </Row>
      </dl>

      {problems.length > 0 && (
        <div role="alert" className="grid gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Please correct the following:</p>
          <ul className="grid gap-1">
            {problems.map(([field, message]) => {
              const step = stepOfField(field);
              return (
                <li key={field} className="flex flex-wrap items-center gap-2">
                  <span>{message}</span>
                  {step && (
                    <button type="button" className="font-medium underline" onClick={() => onGoTo(step)}>
                      Edit {STEPS[step - 1]!.title}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <div className="grid gap-3 rounded-xl bg-brand-50 p-5">
        <h4 className="text-lg font-semibold text-brand-900">Ready to Submit</h4>
        <p className="text-sm text-slate-700">
          We review every application and reply within 48 hours. If selected, you'll be invited to a screening call, then to final
          selection and cohort placement.
        </p>
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="secondary" onClick={onBack} disabled={submitting}>
            Back to Review
          </Button>
          <Button onClick={onSubmit} disabled={submitting}>
            <Send className="size-4" aria-hidden />
            {submitting ? "Submitting..." : "Submit Application"}
          </Button>
        </div>
      </div>
    </div>
  );
}
