import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TestNotification } from "~/shared/schemas/simulation-reports-admin";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { useFieldErrors } from "~/web/lib/use-field-errors";

const EMPTY = { email: "", fullName: "", simulationType: "Founder's Office Diagnostic", totalScore: "75", slug: "test-report" };

/** The test e-mail (internal-side §2.1): sends the "report ready" message for the payload typed here. */
export function TestEmailForm() {
  const [form, setForm] = useState(EMPTY);
  // The server checks this payload (its score is a number here, text in the form): its field errors clear as the field is edited.
  const { errors, setErrors, revalidate } = useFieldErrors();
  const send = useMutation({
    mutationFn: (payload: TestNotification) => api("/api/simulation/send-notification", { body: payload }),
    onSuccess: () => {
      toast({ title: "Test email sent successfully" });
      setForm(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fields);
      toast({ title: "Error", description: "Failed to send test email", variant: "destructive" });
    },
  });
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    const next = { ...form, [key]: event.target.value };
    setForm(next);
    revalidate(key, next);
  };
  const ready = form.email.trim() !== "" && form.fullName.trim() !== "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !send.isPending) send.mutate({ ...form, totalScore: Number(form.totalScore) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5">
      <h3 className="text-base font-semibold text-slate-900">Test Email</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" type="email" required value={form.email} onChange={set("email")} error={errors.email} />
        <Field label="Name" required value={form.fullName} onChange={set("fullName")} error={errors.fullName} />
        <Field label="Simulation Type" value={form.simulationType} onChange={set("simulationType")} error={errors.simulationType} />
        <Field label="Total Score" type="number" min={0} max={100} value={form.totalScore} onChange={set("totalScore")} error={errors.totalScore} />
        <Field label="Report Slug" value={form.slug} onChange={set("slug")} error={errors.slug} />
      </div>
      <Button type="submit" className="justify-self-start" disabled={!ready || send.isPending}>
        {send.isPending ? "Sending..." : "Send Test Email"}
      </Button>
    </form>
  );
}
