import { useRef, useState, type FormEvent } from "react";
import { BROCHURE_FILE_NAME, firstBrochureError } from "~/shared/schemas/brochure";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Honeypot } from "~/web/components/ui/honeypot";
import { Modal } from "~/web/components/ui/modal";
import { track } from "~/web/lib/analytics";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { focusFirstInvalid, useFieldErrors } from "~/web/lib/use-field-errors";
import { useSubmit } from "~/web/lib/use-submit";
import { formVisit } from "~/web/lib/visit-source";

const EMPTY = { name: "", email: "", mobile: "" };
const FAILED = "Failed to process your request. Please try again.";

/** Records the request, then fetches the PDF and saves it under the brochure's file name. */
async function requestBrochure(body: typeof EMPTY & { website?: string }) {
  await api("/api/brochure-download", { body: { ...body, visit: formVisit() } });
  const response = await fetch("/api/download-brochure", { credentials: "include" });
  if (!response.ok) throw new Error(`${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: BROCHURE_FILE_NAME });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The brochure dialog (spec: Full Name *, Email Address *, Mobile Number *; Cancel and submit). */
export default function BrochureDialog({ open, onOpenChange, source }: { open: boolean; onOpenChange: (open: boolean) => void; source: string }) {
  const [form, setForm] = useState(EMPTY);
  const [website, setWebsite] = useState("");
  // The server's reasons by field ("Please enter a valid email address"), shown at the field: a
  // refusal that only said "try again" left the visitor trying the same thing again.
  const { errors, setErrors, revalidate } = useFieldErrors();
  const formElement = useRef<HTMLFormElement>(null);
  const download = useSubmit(requestBrochure, {
    onSuccess: () => {
      track("download", { category: "content", label: "brochure_pdf", source });
      toast({ title: "Success", description: "Brochure download started successfully!" });
      setForm(EMPTY);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      focusFirstInvalid(formElement.current);
      toast({ title: FAILED, description: Object.values(fields)[0], variant: "destructive" });
    },
  });
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    const next = { ...form, [key]: event.target.value };
    setForm(next);
    revalidate(key, next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = firstBrochureError(form);
    if (error) return toast({ title: "Error", description: error, variant: "destructive" });
    download.submit({ ...form, website: website || undefined });
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Download Program Brochure" description="Get the full Founder's Find curriculum, schedule and pricing as a PDF.">
      <form ref={formElement} onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field label="Full Name *" name="name" autoComplete="name" maxLength={120} value={form.name} error={errors.name} onChange={set("name")} />
        <Field label="Email Address *" name="email" type="email" autoComplete="email" value={form.email} error={errors.email} onChange={set("email")} />
        <Field label="Mobile Number *" name="mobile" type="tel" autoComplete="tel" maxLength={20} value={form.mobile} error={errors.mobile} onChange={set("mobile")} />
        <Honeypot value={website} onChange={setWebsite} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={download.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={download.isPending}>
            {download.isPending ? "Downloading..." : "Download Brochure"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
