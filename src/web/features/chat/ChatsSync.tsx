import { useChats } from "../../api/chatApi";
import { useSocketStore } from "../../api/socketClient";
import { CallLayerWhenNeeded } from "../calls/CallLayerWhenNeeded";
import { useLiveEvents } from "./useLiveEvents";
import { usePolling } from "./usePolling";

/**
 * Keeps the member's conversations loaded on every page, for the unread badge and the page title:
 * live through the WebSocket, and by polling user, chats and likes while it is down (spec section 4);
 * and the member's calls (ringing, the call screen) on every page.
 */
export function ChatsSync() {
  useChats();
  useLiveEvents();
  usePolling({ socketConnected: useSocketStore((s) => s.connected) });
  return <CallLayerWhenNeeded />;
}
