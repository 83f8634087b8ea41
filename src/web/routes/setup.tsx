import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { StaffUser } from "~/shared/schemas/auth";
import type { SetupBody } from "~/shared/schemas/setup";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { useSetSession } from "~/web/features/staff-auth/use-staff-session";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { useHydrated } from "~/web/lib/use-hydrated";

export const meta = () => [{ title: "Set up Founder's Find" }, { name: "robots", content: "noindex" }];

type Errors = Partial<Record<"name" | "email" | "password" | "form", string>>;

/**
 * First run: the one-time link the server prints while no admin exists opens this page, which makes
 * the first admin account and signs it in (server: features/setup). The page does not check the link
 * before the form is sent, so it tells nobody whether setup is still open.
 */
export default function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const setSession = useSetSession();
  const hydrated = useHydrated();
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const change = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const user = await api<StaffUser>("/api/setup", { body: { token, ...form } satisfies SetupBody });
      await setSession(user);
      toast({ title: "Admin account created", description: `Signed in as ${user.email}. Add your team under Staff.` });
      void navigate("/admin");
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0 && !error.fields.token) setErrors(error.fields);
      else setErrors({ form: error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-10">
      <form method="post" onSubmit={onSubmit} noValidate className="grid w-full max-w-sm gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="grid gap-1 text-center">
          <h1 className="text-2xl font-bold text-brand-900">Create the first admin account</h1>
          <p className="text-sm text-slate-600">
            This link works once. The admin account can then add the rest of the team under Staff.
          </p>
        </div>
        {errors.form && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        )}
        <Field label="Name" name="name" autoComplete="name" required value={form.name} onChange={change("name")} error={errors.name} />
        <Field label="Email" type="email" name="email" autoComplete="username" required value={form.email} onChange={change("email")} error={errors.email} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={12}
          aria-describedby="setup-password-rule"
          value={form.password}
          onChange={change("password")}
          error={errors.password}
        />
        <p id="setup-password-rule" className="-mt-3 text-xs text-slate-500">
          At least 12 characters.
        </p>
        {/* Disabled until the page's script runs, so an early submit never sends the password as a plain form. */}
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? "Creating account..." : "Create admin account"}
        </Button>
      </form>
    </main>
  );
}
