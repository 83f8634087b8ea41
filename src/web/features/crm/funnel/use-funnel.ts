import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Funnel } from "~/shared/schemas/crm-funnel";
import { api } from "~/web/lib/api";

export function useFunnel(weeks: number) {
  return useQuery({ queryKey: ["crm", "funnel", weeks], queryFn: () => api<Funnel>(`/api/crm/funnel?weeks=${weeks}`), placeholderData: keepPreviousData });
}
