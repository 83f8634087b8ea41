import { useState } from "react";

/** Values, per-field errors and a change handler for a small form. */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bind = (key: keyof T & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
  });
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, setValues, errors, setErrors, bind, reset };
}
