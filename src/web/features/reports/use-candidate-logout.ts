import { useNavigate } from "react-router";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { forgetCandidate } from "./known-candidate";

/** Ends the candidate session on the server, then the spec's toast and the sign-in screen. */
export function useCandidateLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      await api("/api/simulation/logout", { method: "POST", body: {} });
    } finally {
      forgetCandidate();
      toast({ title: "Logged out", description: "You have been logged out successfully" });
      navigate("/simulation-login", { replace: true });
    }
  };
}
