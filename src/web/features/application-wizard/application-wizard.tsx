import { ArrowLeft, ArrowRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/web/components/ui/button";
import { track } from "~/web/lib/analytics";
import { ApiError } from "~/web/lib/api";
import { useFieldErrors } from "~/web/lib/use-field-errors";
import { gentleScroll } from "~/web/lib/section-scroll";
import { useHydrated } from "~/web/lib/use-hydrated";
import { toast } from "~/web/lib/toast";
import { linkedInSchema } from "~/shared/schemas/applications";
import { emailSchema } from "~/shared/schemas/common";
import { StepBackground } from "./step-background";
import { StepBasicInfo } from "./step-basic-info";
import { StepReview } from "./step-review";
import { StepRoleFit } from "./step-role-fit";
import { StepSimulation } from "./step-simulation";
import { submitApplication } from "./submit-application";
import { useApplicationDraft } from "./use-application-draft";
import { WizardProgress } from "./wizard-progress";
import { isStepValid, LAST_STEP, STEPS, type ApplicationDraft } from "./wizard-steps";
import { Honeypot } from "~/web/components/ui/honeypot";

/** The 5-step application (visitor-side §2, §4, §5): one step at a time, the draft kept until sent. */
export function ApplicationWizard() {
  const { draft, update: setField, step, setStep, clear } = useApplicationDraft();
  const [resume, setResume] = useState<File | null>(null);
  // The server checks the whole application; a field it refused loses its message as the field is edited.
  const { errors, setErrors, revalidate } = useFieldErrors();
  const [submitting, setSubmitting] = useState(false);
  const [website, setWebsite] = useState("");
  // A second click lands before React re-renders the disabled button: this ref stops it.
  const inFlight = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    // Focus follows the step for keyboard and screen-reader users, but not on first load; the new
    // step starts at its heading, under the fixed header (a shorter step left the visitor looking at
    // the page's footer, the heading a screen above).
    if (!moved.current || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView({ block: "start", behavior: gentleScroll() });
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(Math.min(Math.max(next, 1), LAST_STEP));
  };

  const update = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    setField(key, value);
    revalidate(key, { ...draft, [key]: value });
  };

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await submitApplication(draft, resume, website);
      track("application_submit", { program: "founders_find", target_roles: draft.targetRoles.join(",") });
      track("conversion", { type: "application" });
      track("founders_find_program", { action: "application_submitted" });
      clear();
      toast({ title: "Application submitted!", description: "We'll review your application and get back to you soon." });
      navigate("/thank-you");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError) setErrors(error.fields);
      toast({ title: "Error submitting your application", description: message, variant: "destructive" });
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const current = STEPS[step - 1]!;
  const valid = isStepValid(step, draft);
  const stepProps = { draft, update, errors };
  // An address or link the server would refuse is said as the visitor leaves its field, not three
  // steps later at Submit; Continue still needs only filled-in fields (spec), and an edit clears it.
  const checkOnLeave = (field: "email" | "linkedIn") => {
    const value = draft[field].trim();
    if (!value) return;
    const parsed = (field === "email" ? emailSchema : linkedInSchema).safeParse(value);
    if (!parsed.success) setErrors((current) => ({ ...current, [field]: parsed.error.issues[0]!.message }));
  };
  return (
    // Disabled until React runs it: the wizard arrives as HTML before its code, and answers typed into
    // plain HTML would be lost when React takes the fields over.
    <fieldset disabled={!hydrated} aria-labelledby="application-title" aria-busy={!hydrated} className="grid min-w-0 gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <WizardProgress step={step} />
      <Honeypot value={website} onChange={setWebsite} />
      <div className="grid gap-5" role="group" aria-labelledby="application-step-title">
        <h3 id="application-step-title" ref={heading} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-brand-900 focus:outline-none">
          {current.title}
        </h3>
        {step === 1 && <StepBasicInfo {...stepProps} resume={resume} onResume={setResume} onLeave={checkOnLeave} />}
        {step === 2 && <StepBackground {...stepProps} />}
        {step === 3 && <StepRoleFit {...stepProps} />}
        {step === 4 && <StepSimulation {...stepProps} />}
        {step === 5 && (
          <StepReview {...stepProps} resume={resume} submitting={submitting} onBack={() => goTo(step - 1)} onSubmit={submit} onGoTo={goTo} />
        )}
      </div>
      {step < LAST_STEP && (
        <div className={`flex gap-3 ${step > 1 ? "justify-between" : "justify-end"}`}>
          {step > 1 && (
            <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={submitting}>
              <ArrowLeft className="size-4" aria-hidden />
              Back
            </Button>
          )}
          <Button onClick={() => goTo(step + 1)} disabled={!valid || submitting}>
            {step === 4 ? "Continue to Review" : "Continue"}
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </fieldset>
  );
}
