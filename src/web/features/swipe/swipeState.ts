import type { SwipeDeck } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import { mergeDeck, type SwipeAction } from "./swipeLogic";

/** The swipe game's card stack (top card first) and what is known about today's likes. */
export interface SwipeState {
  stack: MemberCard[];
  /** Members swiped in this visit, so that a later fetch does not bring them back. */
  swiped: number[];
  /** Likes left today; null until the first deck arrives. */
  likesLeft: number | null;
  /** The last fetch brought nothing new: the stack ends when it empties. */
  exhausted: boolean;
}

export type SwipeEvent =
  | { type: "loaded"; deck: SwipeDeck }
  | { type: "swiped"; id: number; action: SwipeAction }
  | { type: "answered"; likesLeft: number }
  /** The server refused a like (no likes left): the card comes back on top, to be passed instead. */
  | { type: "refused"; card: MemberCard }
  /** The swipe could not be sent: the card comes back on top, likes as before. */
  | { type: "failed"; card: MemberCard; action: SwipeAction };

export const initialSwipeState: SwipeState = { stack: [], swiped: [], likesLeft: null, exhausted: false };

export function swipeReducer(state: SwipeState, event: SwipeEvent): SwipeState {
  switch (event.type) {
    case "loaded": {
      const stack = mergeDeck(state.stack, event.deck.profiles, new Set(state.swiped));
      return { ...state, stack, likesLeft: event.deck.likes_left, exhausted: stack.length === state.stack.length };
    }
    case "swiped": {
      if (state.stack[0]?.id !== event.id) return state;
      // A like counts at once, so that a fast fifth swipe is stopped before the server has to say no.
      const likesLeft = event.action === "like" && state.likesLeft !== null ? Math.max(0, state.likesLeft - 1) : state.likesLeft;
      return { ...state, stack: state.stack.slice(1), swiped: [...state.swiped, event.id], likesLeft };
    }
    case "answered":
      return { ...state, likesLeft: event.likesLeft };
    case "refused":
      return { ...state, stack: [event.card, ...state.stack], swiped: state.swiped.filter((id) => id !== event.card.id), likesLeft: 0 };
    case "failed": {
      const likesLeft = event.action === "like" && state.likesLeft !== null ? state.likesLeft + 1 : state.likesLeft;
      return { ...state, stack: [event.card, ...state.stack], swiped: state.swiped.filter((id) => id !== event.card.id), likesLeft };
    }
  }
}
