import { useState } from "react";

interface SubmitOptions<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

/**
 * One form submission at a time, with its pending state and last error. Public pages use this
 * instead of TanStack Query's useMutation so that the query library stays off their critical path.
 */
export function useSubmit<TArgs extends unknown[], TResult>(action: (...args: TArgs) => Promise<TResult>, options: SubmitOptions<TResult> = {}) {
  const [state, setState] = useState<{ isPending: boolean; isSuccess: boolean; error: unknown }>({ isPending: false, isSuccess: false, error: null });

  // Fire and forget, like useMutation's mutate: outcomes arrive through the callbacks and the state.
  const submit = (...args: TArgs) => {
    setState({ isPending: true, isSuccess: false, error: null });
    action(...args).then(
      (result) => {
        setState({ isPending: false, isSuccess: true, error: null });
        options.onSuccess?.(result);
      },
      (error: unknown) => {
        setState({ isPending: false, isSuccess: false, error });
        options.onError?.(error);
      },
    );
  };

  return { submit, ...state, isError: state.error !== null };
}
