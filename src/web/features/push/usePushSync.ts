import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { userQuery } from "../../api/userApi";
import { syncPush } from "./pushClient";

/**
 * Keeps this browser's push subscription in line with who is logged in: saved again for the member,
 * ended when nobody (or someone else) is. Waits until the server has said who is logged in, so that
 * a failed request never counts as a logout.
 */
export function usePushSync(): void {
  const user = useQuery(userQuery);
  const known = user.isSuccess;
  const userId = user.data?.id ?? null;
  useEffect(() => {
    if (known) void syncPush(userId);
  }, [known, userId]);
}
