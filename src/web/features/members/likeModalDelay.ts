import { AUTO_LIKE_DEFAULT_DELAY_S, AUTO_LIKE_RELOAD_MS } from "../../../common/constants";

/** After an automatic like, the likes load again 0.5 s later (spec section 7); returns the cancel. */
export function reloadLikesSoon(reload: () => Promise<void>): () => void {
  const timer = setTimeout(() => void reload().catch(() => {}), AUTO_LIKE_RELOAD_MS);
  return () => clearTimeout(timer);
}
import { MEMBERS_AREA_ROUTES } from "../../../common/routes";

/** sessionStorage key: the automatic like is asked for once per browser session. */
export const LIKE_MODAL_SESSION_KEY = "auto-like-asked";

/** Longest delay `t` may ask for (a day); larger values would overflow setTimeout. */
const MAX_DELAY_S = 86_400;

/** The like-modal delay in seconds from the query parameter `t` (spec section 2), or null when absent or not a number. */
export function delayFromQuery(search: string): number | null {
  const value = new URLSearchParams(search).get("t");
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds, MAX_DELAY_S);
}

export interface LikeModalInput {
  /** `t` of the URL the member arrived on. */
  queryDelayS: number | null;
  routeName: string | null;
  askedThisSession: boolean;
}

/**
 * When to ask for an automatic like, in ms from now, or null for not (yet): after `t` seconds when the
 * member arrived with `t`; otherwise after the default delay while in the members area.
 */
export function likeModalDelayMs(input: LikeModalInput): number | null {
  if (input.askedThisSession) return null;
  if (input.queryDelayS !== null) return input.queryDelayS * 1000;
  if (input.routeName && MEMBERS_AREA_ROUTES.includes(input.routeName)) return AUTO_LIKE_DEFAULT_DELAY_S * 1000;
  return null;
}
