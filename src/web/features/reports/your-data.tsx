import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ERASURE_CODE_TTL_MINUTES, type ErasurePlan, type ErasureResult } from "~/shared/schemas/data-rights";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Modal } from "~/web/components/ui/modal";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { forgetCandidate } from "./known-candidate";

/**
 * "Your data" on the candidate dashboard (issue 20 §5; DPDP Act 2023, GDPR): download everything we
 * hold about the signed-in address, or delete it after confirming with a code e-mailed to it.
 */
export function YourData() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="your-data-heading" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="your-data-heading" className="text-xl font-semibold text-slate-900">
        Your data
      </h2>
      <p className="max-w-2xl text-sm text-slate-700">
        Download everything we hold about you (your reports with your answers, applications, brochure requests, messages, newsletter and sign-in
        history) as one ZIP file, or delete it. See our{" "}
        <a className="text-brand-700 underline" href="/privacy">
          Privacy Policy
        </a>{" "}
        for how long we keep what.
      </p>
      <div className="flex flex-wrap gap-3">
        {/* A plain link: the browser saves the file itself, with the server's file name. */}
        <a href="/api/simulation/my-data" download className={buttonClass("secondary")}>
          Download my data
        </a>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my data
        </Button>
      </div>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [plan, setPlan] = useState<ErasurePlan | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [step, setStep] = useState<"review" | "code">("review");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<ErasurePlan>("/api/simulation/my-data/erasure").then(setPlan, (e: unknown) => setPlanError(e instanceof Error ? e.message : "Could not load your data"));
  }, []);

  const sendCode = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api("/api/simulation/my-data/erasure/code", { method: "POST", body: {} });
      setStep("code");
      toast({ title: "Code sent", description: "Check your e-mail for the 6-digit code." });
    } catch (e) {
      toast({ title: "Could not send the code", description: e instanceof Error ? e.message : undefined, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<ErasureResult>("/api/simulation/my-data/erasure", { method: "POST", body: { code } });
      forgetCandidate();
      toast({
        title: "Your data has been deleted",
        description: result.keptPaymentRecord ? "Only your payment record is kept, as the law requires." : "Nothing that identifies you is kept.",
      });
      navigate("/simulation-login", { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.code ?? e.message) : "Something went wrong. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title="Delete my data" description="This cannot be undone.">
      {planError && (
        <p role="alert" className="text-sm text-red-700">
          {planError}
        </p>
      )}
      {!plan && !planError && <p role="status">Loading...</p>}
      {plan && step === "review" && (
        <div className="grid gap-4 text-sm text-slate-700">
          <div className="grid gap-1">
            <h3 className="font-semibold text-slate-900">What is deleted</h3>
            <ul className="list-disc pl-5">
              <li>{plural(plan.reports, "simulation report", "simulation reports")} with your answers</li>
              <li>{plural(plan.applications, "program application", "program applications")} and any résumé you uploaded</li>
              <li>
                {plural(plan.brochureRequests, "brochure request", "brochure requests")} and {plural(plan.messages, "message", "messages")} you sent us
              </li>
              <li>{plan.newsletter ? "Your newsletter subscription" : "Newsletter: you are not subscribed"}</li>
              <li>Your sign-in codes, sessions and remembered devices, and e-mails waiting to be sent to you</li>
            </ul>
          </div>
          <div className="grid gap-1">
            <h3 className="font-semibold text-slate-900">What is kept, and why</h3>
            <ul className="list-disc pl-5">
              {plan.lead === "keep-payment" ? (
                <li>
                  Your name, e-mail address and payment record in our admissions records: tax and accounting law requires us to keep payment records
                  (up to eight years). Everything else in that record is deleted.
                </li>
              ) : plan.lead === "anonymise" ? (
                <li>An anonymous entry in our admissions figures, with your name and contact details removed.</li>
              ) : null}
              <li>A note that a deletion happened, with its date and a one-way hash of your e-mail address (not the address itself).</li>
            </ul>
          </div>
          <p>To confirm, we e-mail a 6-digit code to your address. It works for {ERASURE_CODE_TTL_MINUTES} minutes.</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="danger" onClick={sendCode} disabled={busy}>
              {busy ? "Sending..." : "Email me a code"}
            </Button>
          </div>
        </div>
      )}
      {plan && step === "code" && (
        <form className="grid gap-4" onSubmit={confirm} noValidate>
          <p className="text-sm text-slate-700">We e-mailed you a 6-digit code. Enter it to delete your data for good.</p>
          <Field
            label="Confirmation code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            autoFocus
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="ghost" onClick={sendCode} disabled={busy}>
              Send a new code
            </Button>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? "Deleting..." : "Delete my data permanently"}
              </Button>
            </div>
          </div>
        </form>
      )}
    </Modal>
  );
}
