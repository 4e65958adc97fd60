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
  /** Swipes sent and not yet answered. */
  pending: number;
}

export type SwipeEvent =
  | { type: "loaded"; deck: SwipeDeck }
  | { type: "swiped"; id: number; action: SwipeAction }
  | { type: "answered"; likesLeft: number }
  /** The server refused a like (no likes left): the card comes back on top, to be passed instead. */
  | { type: "refused"; card: MemberCard }
  /** The swipe could not be sent: the card comes back on top, likes as before. */
  | { type: "failed"; card: MemberCard; action: SwipeAction };

export const initialSwipeState: SwipeState = { stack: [], swiped: [], likesLeft: null, exhausted: false, pending: 0 };

/**
 * What the server says is left, against what the game counts: swipes overlap, and an answer (or a
 * deck) that left later likes still in flight uncounted must not give back likes already used (the
 * limit showed, went away and came back, and a like was offered that the server then refused). An
 * answer only ever lowers the count; a deck sets it when nothing is in flight.
 */
function serverSays(state: SwipeState, likesLeft: number, inFlight: number): number {
  return state.likesLeft !== null && inFlight > 0 ? Math.min(state.likesLeft, likesLeft) : likesLeft;
}

export function swipeReducer(state: SwipeState, event: SwipeEvent): SwipeState {
  switch (event.type) {
    case "loaded": {
      const stack = mergeDeck(state.stack, event.deck.profiles, new Set(state.swiped));
      return { ...state, stack, likesLeft: serverSays(state, event.deck.likes_left, state.pending), exhausted: stack.length === state.stack.length };
    }
    case "swiped": {
      if (state.stack[0]?.id !== event.id) return state;
      // A like counts at once, so that a fast fifth swipe is stopped before the server has to say no.
      const likesLeft = event.action === "like" && state.likesLeft !== null ? Math.max(0, state.likesLeft - 1) : state.likesLeft;
      return { ...state, stack: state.stack.slice(1), swiped: [...state.swiped, event.id], likesLeft, pending: state.pending + 1 };
    }
    case "answered":
      // Answers can come in another order than their swipes: each can only lower the count.
      return { ...state, likesLeft: serverSays(state, event.likesLeft, 1), pending: Math.max(0, state.pending - 1) };
    case "refused":
      return {
        ...state,
        stack: [event.card, ...state.stack],
        swiped: state.swiped.filter((id) => id !== event.card.id),
        likesLeft: 0,
        pending: Math.max(0, state.pending - 1),
      };
    case "failed": {
      const likesLeft = event.action === "like" && state.likesLeft !== null ? state.likesLeft + 1 : state.likesLeft;
      return {
        ...state,
        stack: [event.card, ...state.stack],
        swiped: state.swiped.filter((id) => id !== event.card.id),
        likesLeft,
        pending: Math.max(0, state.pending - 1),
      };
    }
  }
}
