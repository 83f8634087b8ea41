import { useCallback, useEffect, useRef, useState } from "react";

interface SubmitOptions<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

/**
 * One form submission at a time, with its pending state and last error. Public pages use this
 * instead of TanStack Query's useMutation so that the query library stays off their critical path.
 */
export function useSubmit<TArgs extends unknown[], TResult>(action: (...args: TArgs) => Promise<TResult>, options: SubmitOptions<TResult> = {}) {
  const [isPending, setPending] = useState(false);
  const [isSuccess, setSuccess] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Latest callbacks without re-creating `submit` on every render.
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: TArgs) => {
    setPending(true);
    setError(null);
    setSuccess(false);
    try {
      const result = await latest.current.action(...args);
      if (mounted.current) setSuccess(true);
      latest.current.options.onSuccess?.(result);
    } catch (caught) {
      if (mounted.current) setError(caught);
      latest.current.options.onError?.(caught);
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);
  // Fire and forget, like useMutation's mutate: outcomes arrive through the callbacks and state.
  const submit = useCallback((...args: TArgs) => void run(...args), [run]);

  return { submit, isPending, isSuccess, error, isError: error !== null };
}
