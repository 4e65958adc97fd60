import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { MemberCard } from "../../../common/schemas/user";
import { ApiError } from "../../api/apiClient";
import { fetchSwipeDeck, useSwipe } from "../../api/swipeApi";
import { canSwipe, needsRefill, type SwipeAction } from "./swipeLogic";
import { initialSwipeState, swipeReducer } from "./swipeState";

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The swipe game's state: the card stack (refilled as it runs low), likes left today, the server's
 * message once the daily likes are used, and the member matched by the last like.
 */
export function useSwipeGame() {
  const [state, dispatch] = useReducer(swipeReducer, initialSwipeState);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [match, setMatch] = useState<MemberCard | null>(null);
  const swipe = useSwipe();
  // Refs, not state: a second fetch must not start before React has rendered the first one's start.
  const fetching = useRef(false);
  const loadedOnce = useRef(false);

  const load = useCallback(() => {
    if (fetching.current) return;
    fetching.current = true;
    setLoading(true);
    setLoadError(null);
    fetchSwipeDeck({ progress: !loadedOnce.current })
      .then((deck) => {
        loadedOnce.current = true;
        dispatch({ type: "loaded", deck });
      })
      .catch((err: unknown) => setLoadError(message(err)))
      .finally(() => {
        fetching.current = false;
        setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (!loadError && needsRefill(state.stack.length, state.exhausted, loading)) load();
  }, [state.stack.length, state.exhausted, loading, loadError, load]);

  /** Likes or passes the top card; false when not possible (no card, or no likes left for a like). */
  const act = useCallback(
    (action: SwipeAction): boolean => {
      const card = state.stack[0];
      if (!card || !canSwipe(action, state.likesLeft ?? 0)) return false;
      dispatch({ type: "swiped", id: card.id, action });
      setSendError(null);
      // mutateAsync, not mutate's callbacks: those fire for the latest call only, and swipes overlap.
      swipe.mutateAsync({ id: card.id, action }).then(
        (answer) => {
          dispatch({ type: "answered", likesLeft: answer.likes_left });
          if (answer.match) setMatch(card);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.code === "swipe_limit") {
            dispatch({ type: "refused", card });
            setLimitMessage(err.message);
          } else {
            dispatch({ type: "failed", card, action });
            setSendError(message(err));
          }
        },
      );
      return true;
    },
    [state.stack, state.likesLeft, swipe],
  );

  return {
    stack: state.stack,
    likesLeft: state.likesLeft,
    /** Nothing more to show: the stack is empty and the server has no more cards. */
    finished: state.stack.length === 0 && state.exhausted,
    loading,
    loadError,
    retry: load,
    act,
    limitMessage,
    sendError,
    match,
    clearMatch: () => setMatch(null),
  };
}
