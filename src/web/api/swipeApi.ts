import { useMutation } from "@tanstack/react-query";
import type { SwipeDeck } from "../../common/schemas/members";
import { call } from "./apiClient";
import { refetchLikes } from "./likesApi";

/** The next cards of the swipe game and the likes left today (GET /api/swipe.php). */
export function fetchSwipeDeck({ progress }: { progress: boolean }): Promise<SwipeDeck> {
  return call("GET /api/swipe.php", {}, { progress });
}

/** A like or pass in the swipe game; a like may make a match, which the likes page then shows. */
export function useSwipe() {
  return useMutation({
    mutationFn: (body: { id: number; action: "like" | "pass" }) => call("POST /api/swipe.php", { body }, { progress: false }),
    onSuccess: (_answer, { action }) => {
      if (action === "like") void refetchLikes();
    },
  });
}
