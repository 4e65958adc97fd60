import { useMutation, useQuery } from "@tanstack/react-query";
import type { CreateDateShare } from "../../common/schemas/dateShares";
import { call } from "./apiClient";
import { queryClient } from "./queryClient";

// Share my date (issue 22): the member's links of a conversation, and what a link shows a friend.

const sharesKey = (conversation: number) => ["date-shares", conversation] as const;

/** The member's working links of a conversation. */
export function useDateShares(conversation: number, enabled: boolean) {
  return useQuery({
    queryKey: sharesKey(conversation),
    queryFn: ({ signal }) => call("GET /api/dateshares.php", { query: { conversation } }, { signal, progress: false }),
    enabled,
    staleTime: 0,
  });
}

/** Makes a link; its answer holds the link, which is shown this once. */
export function useCreateDateShare(conversation: number) {
  return useMutation({
    mutationFn: (input: Omit<CreateDateShare, "conversation">) => call("POST /api/dateshares.php", { body: { conversation, ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(conversation) }),
  });
}

export function useRevokeDateShare(conversation: number) {
  return useMutation({
    mutationFn: (id: number) => call("DELETE /api/dateshares.php", { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(conversation) }),
  });
}

/** What a link shows; an ApiError 404 or 410 when it no longer works (never retried: those are answers). */
export function useDatePage(token: string) {
  return useQuery({
    queryKey: ["date-page", token],
    queryFn: ({ signal }) => call("GET /api/datepage.php", { query: { token } }, { signal }),
    retry: false,
    staleTime: 60_000,
  });
}
