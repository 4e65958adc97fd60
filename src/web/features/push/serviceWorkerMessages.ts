import { queryClient } from "../../api/queryClient";
import { queryKeys } from "../../api/queryKeys";
import { refetchUserQuietly } from "../../api/userApi";
import { usePushStore } from "../../stores/pushStore";
import { isSwMessage, type SwPushReceived } from "./swMessages";

/** A pushed message also reloads chats and likes (spec section 4), and the member (credits, badges). */
function refreshAfterPush(push: SwPushReceived): void {
  void refetchUserQuietly().catch(() => {});
  void queryClient.invalidateQueries({ queryKey: queryKeys.chats, refetchType: "all" });
  void queryClient.invalidateQueries({ queryKey: queryKeys.likes, refetchType: "all" });
  if (push.kind === "message") void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
}

/**
 * Listens to the service worker: a push refreshes what it is about, a click on a notification shows
 * its page in this tab through `navigate` (the router), without reloading the app.
 */
export function listenToServiceWorker(navigate: (path: string) => void): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isSwMessage(message)) return;
    if (message.type === "push-navigate") {
      navigate(message.path);
      return;
    }
    usePushStore.setState({ lastMessage: { ...message, at: Date.now() } });
    refreshAfterPush(message);
  });
  // Messages wait until the page says it listens.
  navigator.serviceWorker.startMessages();
}
