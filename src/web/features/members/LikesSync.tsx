import { useLikes } from "../../api/likesApi";

/** Keeps the member's likes loaded and polled on every page, for the new-likes badge and the page title. */
export function LikesSync() {
  useLikes();
  return null;
}
