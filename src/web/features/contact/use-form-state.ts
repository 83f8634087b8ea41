import { useState } from "react";
import type { z } from "zod";
import { useFieldErrors } from "~/web/lib/use-field-errors";

/** Values, per-field errors (cleared as each field becomes valid) and a change handler for a small form. */
export function useFormState<T extends Record<string, string>>(initial: T, schema?: z.ZodType) {
  const [values, setValues] = useState(initial);
  const { errors, setErrors, validate, revalidate } = useFieldErrors(schema);
  const bind = (key: keyof T & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [key]: event.target.value };
      setValues(next);
      revalidate(key, next);
    },
  });
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, setValues, errors, setErrors, validate, bind, reset };
}
