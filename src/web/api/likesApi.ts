import { useMutation, useQuery } from "@tanstack/react-query";
import type { AutoLikeResponse, LikesResponse } from "../../common/schemas/members";
import { useChatStore } from "../stores/chatStore";
import { call } from "./apiClient";
import { patchMemberView } from "./membersApi";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";

/** GET /api/likes.php; the liked-by list also goes to the chat store for the top bar badge and page title. */
async function fetchLikes({ signal }: { signal: AbortSignal }): Promise<LikesResponse> {
  // The loading bar only on the first load: the polls that follow happen in the background (spec section 7).
  const firstLoad = queryClient.getQueryData(queryKeys.likes) === undefined;
  const likes = await call("GET /api/likes.php", {}, { progress: firstLoad, signal });
  // A fetch that a newer one replaced (refetchLikes cancels it) must not write its older answer over
  // the newer one: a like seen meanwhile would count as new again until the next poll.
  if (!signal.aborted) useChatStore.getState().setLikedBy(likes.liked_by);
  return likes;
}

export const likesQuery = { queryKey: queryKeys.likes, queryFn: fetchLikes, staleTime: 0 };

/** The member's likes: received, sent and matches; features/chat/usePolling refetches them (spec section 4). */
export function useLikes() {
  return useQuery(likesQuery);
}

export function refetchLikes(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.likes });
}

/** Likes or unlikes a member; the answer says whether the like made a match. */
export function useLike() {
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      like ? call("POST /api/like.php", { body: { id } }) : call("DELETE /api/like.php", { query: { id } }),
    onSuccess: (answer, { id }) => {
      patchMemberView(id, { liked: answer.liked, match: answer.match });
      void refetchLikes();
    },
  });
}

/** GET /api/auto-like.php: a member who likes the viewer now, or null. */
export function fetchAutoLike(): Promise<AutoLikeResponse> {
  return call("GET /api/auto-like.php", {}, { progress: false });
}
