import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Simulation, SimulationInput } from "~/shared/schemas/simulations";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";

const KEY = ["admin", "simulations"] as const;

export const useAdminSimulations = () => useQuery({ queryKey: KEY, queryFn: () => api<Simulation[]>("/api/admin/simulations") });

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "Something went wrong");

/** One admin call with the spec's success and failure toasts; the list is refreshed after success. */
function useAdminCall<V>(call: (vars: V) => Promise<unknown>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      toast({ title: success });
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast({ title: failure, description: errorText(error), variant: "destructive" }),
  });
}

export const useCreateSimulation = () =>
  useAdminCall((body: SimulationInput) => api<Simulation>("/api/admin/simulations", { body }), "Simulation created successfully", "Failed to create simulation");

export const useUpdateSimulation = () =>
  useAdminCall(
    ({ id, body }: { id: string; body: SimulationInput }) => api<Simulation>(`/api/admin/simulations/${id}`, { method: "PUT", body }),
    "Simulation updated successfully",
    "Failed to update simulation",
  );

export const useDeleteSimulation = () =>
  useAdminCall((id: string) => api(`/api/admin/simulations/${id}`, { method: "DELETE" }), "Simulation deleted successfully", "Failed to delete simulation");

export const useToggleVisibility = () =>
  useAdminCall(
    (id: string) => api<Simulation>(`/api/admin/simulations/${id}/toggle-visibility`, { method: "PATCH" }),
    "Visibility updated successfully",
    "Failed to update visibility",
  );
