import { useState, type FormEvent } from "react";
import { contactMessageSchema, fieldErrors, type ContactMessageBody } from "~/shared/schemas/inbox";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Honeypot } from "~/web/components/ui/honeypot";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { useSubmit } from "~/web/lib/use-submit";
import { useFormState } from "./use-form-state";

/** Contact Us (spec: name, email, subject, message); stored and sent to staff, not faked. */
export default function ContactDialog({ subject, onClose }: { subject: string; onClose: () => void }) {
  const form = useFormState({ name: "", email: "", subject, message: "" });
  const [website, setWebsite] = useState("");
  const send = useSubmit((body: ContactMessageBody) => api("/api/contact", { body }), {
    onSuccess: () => {
      toast({ title: "Message sent successfully!", description: "We'll get back to you as soon as possible." });
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
    const errors = fieldErrors(contactMessageSchema, form.values);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) send.submit({ ...form.values, website: website || undefined });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Contact Us" description="Send us a message and we'll get back to you as soon as possible.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field label="Name" autoComplete="name" {...form.bind("name")} />
        <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
        <Field label="Subject" {...form.bind("subject")} />
        <TextareaField label="Message" rows={5} {...form.bind("message")} />
        <Honeypot value={website} onChange={setWebsite} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send Message"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
