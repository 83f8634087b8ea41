import { useState } from "react";
import type { z } from "zod";
import { fieldErrors, fieldErrorsByPath } from "~/shared/schemas/common";

export type FieldErrors = Record<string, string>;

const belongsTo = (key: string, field: string) => key === field || key.startsWith(`${field}.`);

/**
 * After `field` changed: its messages go as soon as `found` (the schema's answer for the whole
 * form now) has none for it, or become the new ones; other fields keep theirs until they change.
 * A message the schema cannot know (e.g. "already has an account" from the server) goes with the edit.
 */
export function refreshFieldErrors(current: FieldErrors, field: string, found: FieldErrors): FieldErrors {
  const kept = Object.entries(current).filter(([key]) => !belongsTo(key, field));
  if (kept.length === Object.keys(current).length) return current;
  const fresh = Object.entries(found).filter(([key]) => belongsTo(key, field) && current[key] !== undefined);
  return Object.fromEntries([...kept, ...fresh]);
}

/**
 * After a refused submit (the schema's or the server's): the first field with a message takes the
 * focus, scrolled into view, so the person lands on what to fix instead of on the submit button.
 * Waits a frame, for the messages (aria-invalid) to be drawn.
 */
export function focusFirstInvalid(container: HTMLElement | null) {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The field errors of a form, shared by every staff and visitor form: `validate` before sending
 * (the schema the API uses), `revalidate` on each change so a message clears once its field is
 * valid instead of waiting for the next submit, `setErrors` for the server's field errors.
 * `byPath` keys errors by the whole path, for forms that edit a list ("1.linkedin").
 */
export function useFieldErrors(schema?: z.ZodType, options: { byPath?: boolean } = {}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const check = (values: unknown) => (schema ? (options.byPath ? fieldErrorsByPath : fieldErrors)(schema, values) : {});

  const validate = (values: unknown) => {
    const found = check(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const revalidate = (field: string, values: unknown) => {
    if (!Object.keys(errors).some((key) => belongsTo(key, field))) return;
    const found = check(values);
    setErrors((current) => refreshFieldErrors(current, field, found));
  };

  return { errors, setErrors, validate, revalidate, clear: () => setErrors({}) };
}
