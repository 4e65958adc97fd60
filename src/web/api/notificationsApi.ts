import { useMutation, useQuery } from "@tanstack/react-query";
import type { NotificationSettings, UpdateNotifications } from "../../common/schemas/notifications";
import { call } from "./apiClient";
import { queryClient } from "./queryClient";
import { patchUser } from "./userApi";

const KEY = ["notifications"] as const;

/** Which e-mails the member gets (GET /api/notifications.php). */
export function useNotificationSettings() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => call("GET /api/notifications.php", {}, { signal }), staleTime: 0 });
}

/** Saves the choices (and, with `reenable`, turns e-mails back on); the top-level banners follow at once. */
export function useUpdateNotifications() {
  return useMutation({
    mutationFn: (input: UpdateNotifications) => call("PUT /api/notifications.php", { body: input }),
    onMutate: (input) => {
      const before = queryClient.getQueryData<NotificationSettings>(KEY);
      if (before) queryClient.setQueryData<NotificationSettings>(KEY, { ...before, messages: input.messages, likes: input.likes, matches: input.matches });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(KEY, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      patchUser({ notifications_disabled: saved.disabled });
    },
  });
}

/** The one-click unsubscribe of an e-mail's link (no login needed). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => call("POST /api/unsubscribe.php", { query: { token }, body: {} }),
  });
}
