import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { safeReturnPath } from "~/shared/return-path";
import { CODE_LENGTH, CODE_TTL_MINUTES } from "~/shared/schemas/candidate-auth";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { api, ApiError } from "~/web/lib/api";
import { dismissErrorToasts, toast } from "~/web/lib/toast";
import { useHydrated } from "~/web/lib/use-hydrated";

type Step = { name: "email" } | { name: "code"; email: string };

/**
 * The code as typed or pasted: digits only, then at most six. No `maxLength` on the input: it would
 * cut a pasted " 147452" or "147 452" to five digits before the spaces were dropped.
 */
export const codeDigits = (value: string) => value.replace(/\D/g, "").slice(0, CODE_LENGTH);

/** Network or server trouble: the spec's message for a sign-in that could not be checked. */
function failed(error: unknown) {
  if (error instanceof ApiError && error.status === 429) {
    toast({ title: "Too many attempts", description: error.message, variant: "destructive" });
  } else {
    toast({ title: "Unable to verify email. Please try again.", variant: "destructive" });
  }
}

/**
 * My Reports sign-in (PRODUCT.md §2): the spec's e-mail screen, then the 6-digit code sent to it.
 * The answer to the first step is the same for every address; only the code proves it. Signed in,
 * the candidate goes to `returnTo` (a path on this site, checked again here) or the dashboard.
 */
export function CandidateSignIn({ returnTo = null }: { returnTo?: string | null }) {
  const destination = safeReturnPath(returnTo) ?? "/simulation-dashboard";
  const [step, setStep] = useState<Step>({ name: "email" });
  return step.name === "email" ? (
    <EmailStep onSent={(email) => setStep({ name: "code", email })} />
  ) : (
    <CodeStep email={step.email} destination={destination} onChangeEmail={() => setStep({ name: "email" })} />
  );
}

const sendCode = (email: string) => api("/api/simulation/validate-email", { body: { email } });

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    if (!trimmed) {
      toast({ title: "Please enter your email address", variant: "destructive" });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await sendCode(trimmed);
      dismissErrorToasts();
      onSent(trimmed);
    } catch (caught) {
      // A refusal that names the field (a bad address; a code already sent; sign-in locked) shows under it.
      if (caught instanceof ApiError && (caught.status === 400 || caught.fields.email)) setError(caught.fields.email ?? caught.message);
      else failed(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
      <Field
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" disabled={busy || !hydrated}>
        {busy ? "Verifying..." : "Access Reports"}
      </Button>
      <p className="text-center text-xs text-slate-600">We e-mail you a one-time code to open your reports.</p>
    </form>
  );
}

function CodeStep({ email, destination, onChangeEmail }: { email: string; destination: string; onChangeEmail: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await api("/api/simulation/verify", { body: { email, code: code.trim() } });
      toast({ title: "Login successful", description: "Welcome to your simulation dashboard" });
      navigate(destination);
    } catch (caught) {
      if (caught instanceof ApiError && (caught.status === 400 || caught.fields.code)) setError(caught.fields.code ?? caught.fields.email ?? caught.message);
      else failed(caught);
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await sendCode(email);
      setCode("");
      setError(undefined);
      toast({ title: "Code sent", description: `We sent a new code to ${email}.` });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields.email) setError(caught.fields.email);
      else failed(caught);
    }
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
      <p className="text-sm text-slate-700" role="status">
        We sent a 6-digit code to <strong className="break-all">{email}</strong>. It works once and expires in {CODE_TTL_MINUTES} minutes.
      </p>
      <Field
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        autoFocus
        value={code}
        error={error}
        onChange={(e) => setCode(codeDigits(e.target.value))}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" disabled={busy || code.length !== 6}>
        {busy ? "Verifying..." : "Verify Code"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onChangeEmail}>
          Use a different email
        </button>
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={resend}>
          Send a new code
        </button>
      </div>
    </form>
  );
}
