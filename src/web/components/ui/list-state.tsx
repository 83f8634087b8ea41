import type { ReactNode } from "react";
import { ApiError } from "~/web/lib/api";

interface ListStateProps {
  isPending: boolean;
  error: unknown;
  /** "Loading applications..." */
  loading: string;
  /** "Failed to fetch applications" */
  failed: string;
  /** Shown for a 403: the shared refusal sentence (needsRoleMessage). */
  refusal: string;
  /** The empty-list message, or null when there are rows to show. */
  empty: string | null;
  children: ReactNode;
}

/** The state of a staff list before its rows: loading, refused, failed or empty; then the rows. */
export function ListState({ isPending, error, loading, failed, refusal, empty, children }: ListStateProps) {
  if (isPending) return <p className="text-slate-600">{loading}</p>;
  if (error) return <p className="text-red-700">{error instanceof ApiError && error.status === 403 ? refusal : failed}</p>;
  if (empty !== null) return <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600">{empty}</p>;
  return <>{children}</>;
}
