import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginBody, StaffSession, StaffUser } from "~/shared/schemas/auth";
import { api, atLeast } from "~/web/lib/api";
import { replaceQueryData } from "~/web/lib/query-client";
import { toast } from "~/web/lib/toast";

export const SESSION_KEY = ["auth", "me"] as const;

/** The signed-in staff member, or null when nobody is signed in. */
export function useStaffSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    // /api/auth/session answers null before sign-in, so a staff page logs no 401 on load.
    queryFn: async () => (await api<StaffSession>("/api/auth/session")).user,
  });
}

/**
 * Signs in, taking at least `minimumMs` (the spec's deliberate pace), and only then shows the
 * signed-in area, so the sign-in's own toast and redirect never land after the area is in use.
 */
export function useLogin(minimumMs: number) {
  return useMutation({
    mutationFn: (body: LoginBody) => atLeast(minimumMs, api<StaffUser>("/api/auth/login", { body })),
  });
}

export function useSetSession() {
  const queryClient = useQueryClient();
  return (user: StaffUser) => replaceQueryData(queryClient, SESSION_KEY, user);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/auth/logout", { method: "POST" }),
    onSettled: () => {
      // Everything cached belonged to the person who just left.
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}

/** Logout from /admin and the pages under it, which share its sign-in: with the spec's "Logged out" toast. */
export function useAdminLogout() {
  const logout = useLogout();
  return () => logout.mutate(undefined, { onSuccess: () => toast({ title: "Logged out" }) });
}
