import { useMutation, useQuery } from "@tanstack/react-query";
import { call } from "./apiClient";
import { queryClient } from "./queryClient";

export const PHOTO_NOTICES_KEY = ["photo-notices"] as const;

/** GET /api/photo-notices.php, for a member only. */
export const photoNoticesQuery = { queryKey: PHOTO_NOTICES_KEY, queryFn: () => call("GET /api/photo-notices.php"), staleTime: 60_000 };

/** The member's photos in review and rejections not yet closed (photo moderation); off for visitors. */
export function usePhotoNotices(loggedIn: boolean) {
  return useQuery({ ...photoNoticesQuery, enabled: loggedIn });
}

/** Closes the notice of a rejected photo: the banner and the photo screen stop showing it. */
export function useClosePhotoNotice() {
  return useMutation({
    mutationFn: (id: string) => call("POST /api/photo-notices.php", { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PHOTO_NOTICES_KEY }),
  });
}

export function refreshPhotoNotices(): void {
  void queryClient.invalidateQueries({ queryKey: PHOTO_NOTICES_KEY });
}
