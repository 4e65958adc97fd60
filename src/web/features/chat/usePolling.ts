import { useEffect } from "react";
import { queryClient } from "../../api/queryClient";
import { queryKeys } from "../../api/queryKeys";
import { refetchUserQuietly, useUser } from "../../api/userApi";
import { usePushStore } from "../../stores/pushStore";
import { nextPollDelay } from "./pollSchedule";

/** Fetches user, chats and likes again, also where no page shows them: they feed the badges and the title. */
function poll(): void {
  void refetchUserQuietly().catch(() => {});
  void queryClient.invalidateQueries({ queryKey: queryKeys.chats, refetchType: "all" });
  void queryClient.invalidateQueries({ queryKey: queryKeys.likes, refetchType: "all" });
}

/**
 * The polling of spec section 4 while logged in: after 5 s, then every 60 s (300 s with push). With `socketConnected`
 * the live connection brings the news instead, and polling starts over when it drops.
 */
export function usePolling({ socketConnected = false }: { socketConnected?: boolean } = {}): void {
  const loggedIn = useUser() !== null;
  // Pushes announce news at once, so polling can be slower (spec section 4).
  const pushSubscribed = usePushStore((s) => s.isSubscribed);
  useEffect(() => {
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const delay = nextPollDelay({ loggedIn, socketConnected, pushSubscribed, polls });
      if (delay === null) return;
      timer = setTimeout(() => {
        polls += 1;
        poll();
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [loggedIn, socketConnected, pushSubscribed]);
}
