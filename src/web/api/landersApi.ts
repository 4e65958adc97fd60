import { useQuery } from "@tanstack/react-query";
import type { Niche } from "../../common/landers";
import type { LanderResponse } from "../../common/schemas/landers";
import { api } from "./apiClient";

/** Profiles for a landing page of `niche` (GET /api/lander.php), the visitor's country first. */
export function useLanderProfiles(niche: Niche, limit: number) {
  return useQuery({
    queryKey: ["lander", niche, limit],
    queryFn: ({ signal }) => api<LanderResponse>("/api/lander.php", { query: { niche, limit }, signal }),
    staleTime: 300_000,
  });
}
