import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { CrmView, LeadSort } from "~/shared/schemas/crm";
import { LAYOUT_PARAM } from "./use-crm-layout";

export interface CrmFilters {
  view: CrmView;
  q: string;
  stage: string[];
  status: string[];
  owner: string;
  followUp: boolean;
  /** Highest score first instead of newest first (issue 23 §3). */
  sort: LeadSort;
  /** Leads scoring at least this much; 0 for any score. */
  scoreMin: number;
}

/**
 * The tab, search and filters live in the URL (issue 11): a view can be bookmarked and the back
 * button steps through filter changes. Search typing replaces the entry instead of adding one.
 */
export function useCrmFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => fromSearchParams(params), [params]);
  // From the address bar as it is when the change lands (not as it was when this render ran), so a
  // debounced search and a tab switch made within its delay both survive.
  const update = useCallback(
    (change: Partial<CrmFilters>, options: { replace?: boolean } = {}) =>
      setParams(() => keepLayout(toSearchParams({ ...fromSearchParams(new URLSearchParams(window.location.search)), ...change })), {
        replace: options.replace,
        preventScrollReset: true,
      }),
    [setParams],
  );
  const active = !!(filters.q || filters.stage.length || filters.status.length || filters.owner || filters.followUp || filters.scoreMin);
  // The order is not a filter: Clear Filters keeps it (and the table or board choice).
  const clear = useCallback(
    () => setParams(keepLayout(toSearchParams({ view: filters.view, q: "", stage: [], status: [], owner: "", followUp: false, sort: filters.sort, scoreMin: 0 }))),
    [filters.view, filters.sort, setParams],
  );
  return { filters, update, clear, active };
}

/** The table or board choice (use-crm-layout.ts) is not a filter, but a filter change keeps it. */
function keepLayout(params: URLSearchParams): URLSearchParams {
  const layout = new URLSearchParams(window.location.search).get(LAYOUT_PARAM);
  if (layout) params.set(LAYOUT_PARAM, layout);
  return params;
}

export function fromSearchParams(params: URLSearchParams): CrmFilters {
  return {
    view: params.get("view") === "paid" ? "paid" : "active",
    q: params.get("q") ?? "",
    stage: params.getAll("stage"),
    status: params.getAll("status"),
    owner: params.get("owner") ?? "",
    followUp: params.get("followUp") === "due",
    sort: params.get("sort") === "score" ? "score" : "newest",
    scoreMin: Math.max(0, Math.min(100, Math.floor(Number(params.get("scoreMin")) || 0))),
  };
}

export function toSearchParams(filters: CrmFilters, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view === "paid") params.set("view", "paid");
  if (filters.q.trim()) params.set("q", filters.q.trim());
  filters.stage.forEach((stage) => params.append("stage", stage));
  filters.status.forEach((status) => params.append("status", status));
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.followUp) params.set("followUp", "due");
  if (filters.sort === "score") params.set("sort", "score");
  if (filters.scoreMin > 0) params.set("scoreMin", String(filters.scoreMin));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}
