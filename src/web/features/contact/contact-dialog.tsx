import { contactMessageSchema } from "~/shared/schemas/inbox";
import { Field } from "~/web/components/ui/field";
import { Honeypot } from "~/web/components/ui/honeypot";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { MessageFormActions } from "./message-form-actions";
import { useMessageForm } from "./use-message-form";

/** Contact Us (spec: name, email, subject, message); stored and sent to staff, not faked. */
const DESCRIPTION = "Send us a message and we'll get back to you as soon as possible.";

/** `description` replaces the usual line when the dialog was opened for a reason (Book a call without a calendar). */
export default function ContactDialog({ subject, description = DESCRIPTION, onClose }: { subject: string; description?: string; onClose: () => void }) {
  const form = useMessageForm({
    endpoint: "/api/contact",
    schema: contactMessageSchema,
    initial: { name: "", email: "", subject, message: "" },
    success: { title: "Message sent successfully!", description: "We'll get back to you as soon as possible." },
    onClose,
  });

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Contact Us" description={description}>
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <Field label="Name" autoComplete="name" {...form.bind("name")} />
        <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
        <Field label="Subject" {...form.bind("subject")} />
        <TextareaField label="Message" rows={5} {...form.bind("message")} />
        <Honeypot {...form.honeypot} />
        <MessageFormActions onCancel={onClose} pending={form.isPending} label="Send Message" busyLabel="Sending..." />
      </form>
    </Modal>
  );
}
