import { POLL_INTERVAL_MS, POLL_INTERVAL_PUSH_MS, POLL_START_MS } from "../../../common/constants";

export interface PollInput {
  loggedIn: boolean;
  /** While the live connection is up its events replace polling. */
  socketConnected: boolean;
  pushSubscribed?: boolean;
  /** Polls done since polling (re)started. */
  polls: number;
}

/**
 * Milliseconds until the next poll of user, chats and likes (spec section 4): 5 s after start, then
 * every 60 s (300 s with push); null when there is nothing to poll.
 */
export function nextPollDelay({ loggedIn, socketConnected, pushSubscribed = false, polls }: PollInput): number | null {
  if (!loggedIn || socketConnected) return null;
  if (polls === 0) return POLL_START_MS;
  return pushSubscribed ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
}
