import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppealState, MemberNotice } from "../../../common/schemas/decisions";
import { api } from "../../api/apiClient";

const NOTICES_KEY = ["notices"] as const;

/** The member's decision notices not seen yet (none for a visitor). */
export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => api<{ notices: MemberNotice[] }>("/api/notices.php", { progress: false }),
    enabled,
    staleTime: 60_000,
  });
}

export function useNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api("/api/notices.php", { method: "POST", body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

export function useAppealState(key: string) {
  return useQuery({ queryKey: ["appeal", key], queryFn: () => api<AppealState>("/api/appeal.php", { query: { key } }), enabled: key.length > 0, retry: false });
}

export function useSendAppeal(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api("/api/appeal.php", { method: "POST", body: { key, text } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["appeal", key] });
      void client.invalidateQueries({ queryKey: NOTICES_KEY });
    },
  });
}
