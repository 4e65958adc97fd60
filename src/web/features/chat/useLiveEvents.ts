import { useEffect } from "react";
import { markReadByPartner, refetchChats } from "../../api/chatApi";
import { refetchLikes } from "../../api/likesApi";
import { queryClient } from "../../api/queryClient";
import { queryKeys } from "../../api/queryKeys";
import { holdSocket, onServerEvent } from "../../api/socketClient";
import { useTypingStore } from "../../stores/typingStore";
import { onCallEvent } from "../calls/callController";

/**
 * The live connection of a logged-in member: a new message, a read receipt or a like refreshes what
 * shows it, at once; the partner's typing shows in the open conversation.
 */
export function useLiveEvents(): void {
  useEffect(() => {
    const release = holdSocket();
    const stop = onServerEvent((event) => {
      switch (event.type) {
        case "message":
          useTypingStore.getState().stopped(event.conversation);
          void refetchChats();
          void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
          break;
        case "read":
          markReadByPartner(event.conversation, event.up_to);
          break;
        case "like":
          void refetchLikes();
          break;
        case "typing":
          useTypingStore.getState().typing(event.conversation);
          break;
        case "call":
        case "call-signal":
          onCallEvent(event);
          break;
        default:
          break;
      }
    });
    return () => {
      stop();
      release();
    };
  }, []);
}
