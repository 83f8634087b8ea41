import { useState, type FormEvent } from "react";
import { fieldErrors, mentorApplicationSchema, type MentorApplicationBody } from "~/shared/schemas/inbox";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Honeypot } from "~/web/components/ui/honeypot";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { useSubmit } from "~/web/lib/use-submit";
import { useFormState } from "./use-form-state";

/** Become a Mentor (spec: name, email, message, experience, expertise, optional LinkedIn). */
export default function MentorApplicationDialog({ onClose }: { onClose: () => void }) {
  const form = useFormState({ name: "", email: "", experience: "", expertise: "", linkedin: "", message: "" });
  const [website, setWebsite] = useState("");
  const send = useSubmit((body: MentorApplicationBody) => api("/api/mentor-applications", { body }), {
    onSuccess: () => {
      toast({
        title: "Mentor application submitted!",
        description: "Thank you for your interest in mentoring. We'll review your application and get back to you soon.",
      });
      form.reset();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) return form.setErrors(error.fields);
      toast({ title: "Error sending message", description: "Please try again later.", variant: "destructive" });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldErrors(mentorApplicationSchema, form.values);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) send.submit({ ...form.values, website: website || undefined });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Become a Mentor" description="Share your experience with the next generation of startup generalists.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" autoComplete="name" {...form.bind("name")} />
          <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
          <Field label="Experience" placeholder="e.g. 8 years in growth roles" {...form.bind("experience")} />
          <Field label="Area of Expertise" placeholder="e.g. Go-to-market strategy" {...form.bind("expertise")} />
        </div>
        <Field label="LinkedIn Profile (optional)" type="url" placeholder="https://linkedin.com/in/..." {...form.bind("linkedin")} />
        <TextareaField label="Why would you like to become a mentor?" rows={5} {...form.bind("message")} />
        <Honeypot value={website} onChange={setWebsite} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? "Submitting Application..." : "Submit Application"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
