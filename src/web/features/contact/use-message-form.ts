import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { api, ApiError } from "~/web/lib/api";
import { toast, type ToastMessage } from "~/web/lib/toast";
import { focusFirstInvalid } from "~/web/lib/use-field-errors";
import { useSubmit } from "~/web/lib/use-submit";
import { useFormState } from "./use-form-state";

interface MessageFormOptions<T extends Record<string, string>> {
  /** The public endpoint that stores the message and queues its e-mail to staff. */
  endpoint: string;
  schema: z.ZodType;
  initial: T;
  success: Omit<ToastMessage, "id">;
  onClose: () => void;
}

/**
 * A footer message form (Contact Us, Become a Mentor): checked in the browser against the schema the
 * server uses, sent once, then cleared and closed with the success toast. Field errors from the server
 * land on their fields; anything else is the spec's "Error sending message" toast.
 */
export function useMessageForm<T extends Record<string, string>>({ endpoint, schema, initial, success, onClose }: MessageFormOptions<T>) {
  const form = useFormState(initial, schema);
  const [website, setWebsite] = useState("");
  // The form last submitted: a refusal puts the focus on its first wrong field.
  const formElement = useRef<HTMLFormElement | null>(null);
  const send = useSubmit((body: T & { website?: string }) => api(endpoint, { body }), {
    onSuccess: () => {
      toast(success);
      form.reset();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        form.setErrors(error.fields);
        return focusFirstInvalid(formElement.current);
      }
      toast({ title: "Error sending message", description: "Please try again later.", variant: "destructive" });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    formElement.current = event.currentTarget as HTMLFormElement;
    if (form.validate(form.values)) send.submit({ ...form.values, website: website || undefined });
    else focusFirstInvalid(formElement.current);
  };

  return { bind: form.bind, honeypot: { value: website, onChange: setWebsite }, onSubmit, isPending: send.isPending };
}
