import { useMutation, useQuery } from "@tanstack/react-query";
import type { PhotoNotices } from "../../common/schemas/photoModeration";
import { api } from "./apiClient";
import { queryClient } from "./queryClient";

const PATH = "/api/photo-notices.php";
export const PHOTO_NOTICES_KEY = ["photo-notices"] as const;

/** The member's photos in review and rejections not yet closed (photo moderation); off for visitors. */
export function usePhotoNotices(loggedIn: boolean) {
  return useQuery({ queryKey: PHOTO_NOTICES_KEY, queryFn: () => api<PhotoNotices>(PATH), enabled: loggedIn, staleTime: 60_000 });
}

/** Closes the notice of a rejected photo: the banner and the photo screen stop showing it. */
export function useClosePhotoNotice() {
  return useMutation({
    mutationFn: (id: string) => api(PATH, { method: "POST", body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PHOTO_NOTICES_KEY }),
  });
}

export function refreshPhotoNotices(): void {
  void queryClient.invalidateQueries({ queryKey: PHOTO_NOTICES_KEY });
}
