import { mentorApplicationSchema } from "~/shared/schemas/inbox";
import { Field } from "~/web/components/ui/field";
import { Honeypot } from "~/web/components/ui/honeypot";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { MessageFormActions } from "./message-form-actions";
import { useMessageForm } from "./use-message-form";

/** Become a Mentor (spec: name, email, message, experience, expertise, optional LinkedIn). */
export default function MentorApplicationDialog({ onClose }: { onClose: () => void }) {
  const form = useMessageForm({
    endpoint: "/api/mentor-applications",
    schema: mentorApplicationSchema,
    initial: { name: "", email: "", experience: "", expertise: "", linkedin: "", message: "" },
    success: {
      title: "Mentor application submitted!",
      description: "Thank you for your interest in mentoring. We'll review your application and get back to you soon.",
    },
    onClose,
  });

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Become a Mentor" description="Share your experience with the next generation of startup generalists.">
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" autoComplete="name" {...form.bind("name")} />
          <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
          <Field label="Experience" placeholder="e.g. 8 years in growth roles" {...form.bind("experience")} />
          <Field label="Area of Expertise" placeholder="e.g. Go-to-market strategy" {...form.bind("expertise")} />
        </div>
        <Field label="LinkedIn Profile (optional)" type="url" placeholder="https://linkedin.com/in/..." {...form.bind("linkedin")} />
        <TextareaField label="Why would you like to become a mentor?" rows={5} {...form.bind("message")} />
        <Honeypot {...form.honeypot} />
        <MessageFormActions onCancel={onClose} pending={form.isPending} label="Submit Application" busyLabel="Submitting Application..." />
      </form>
    </Modal>
  );
}
