import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/apiClient";

const NOTICES_KEY = ["notices"] as const;

/** The member's decision notices not seen yet (none for a visitor). */
export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => call("GET /api/notices.php", {}, { progress: false }),
    enabled,
    staleTime: 60_000,
  });
}

export function useNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("POST /api/notices.php", { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

export function useAppealState(key: string) {
  return useQuery({ queryKey: ["appeal", key], queryFn: () => call("GET /api/appeal.php", { query: { key } }), enabled: key.length > 0, retry: false });
}

export function useSendAppeal(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call("POST /api/appeal.php", { body: { key, text } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["appeal", key] });
      void client.invalidateQueries({ queryKey: NOTICES_KEY });
    },
  });
}
