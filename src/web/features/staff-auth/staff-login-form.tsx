import { useState, type FormEvent } from "react";
import type { StaffUser } from "~/shared/schemas/auth";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { ApiError } from "~/web/lib/api";
import { useHydrated } from "~/web/lib/use-hydrated";
import { toast } from "~/web/lib/toast";
import { useLogin, useSetSession } from "./use-staff-session";

export interface LoginCopy {
  title: string;
  subtitle?: string;
  submitLabel: string;
  busyLabel: string;
  /** The spec's deliberate minimum time before answering. */
  delayMs: number;
  onSuccess: (user: StaffUser) => void;
  /** Wrong e-mail or password. */
  onInvalid: () => void;
  /** Network or server failure. */
  onFailure: () => void;
  note?: string;
}

/** One staff sign-in form, worded per area: /admin, /simulation-admin and /crm-login all use the same account. */
export function StaffLoginForm(copy: LoginCopy) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const login = useLogin(copy.delayMs);
  const setSession = useSetSession();
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const user = await login.mutateAsync({ email, password });
      await setSession(user);
      copy.onSuccess(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast({ title: "Too many attempts", description: error.message, variant: "destructive" });
      } else if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
        copy.onInvalid();
      } else {
        copy.onFailure();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-10">
      <form method="post" onSubmit={onSubmit} className="grid w-full max-w-sm gap-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="grid gap-1 text-center">
          <h1 className="text-2xl font-bold text-brand-900">{copy.title}</h1>
          {copy.subtitle && <p className="text-sm text-slate-600">{copy.subtitle}</p>}
        </div>
        <Field label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {/* Disabled until the page's script runs, so an early submit never sends the password as a plain form. */}
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? copy.busyLabel : copy.submitLabel}
        </Button>
        {copy.note && <p className="text-center text-xs text-slate-500">{copy.note}</p>}
      </form>
    </main>
  );
}
