import { useMutation } from "@tanstack/react-query";
import i18next from "i18next";
import type { OwnPhoto } from "../../common/schemas/members";
import { useLoadingStore } from "../stores/loadingStore";
import { ApiError, api, errorFromBody, networkError } from "./apiClient";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { userQuery } from "./userApi";

const PHOTOS_PATH = "/api/photos.php";

/**
 * Uploads one photo as multipart/form-data (field `photo`). It bypasses api(), which speaks JSON only,
 * and is not retried: an upload is neither small nor safe to repeat. The browser sets the content type
 * with the multipart boundary, so none is set here.
 */
export async function uploadPhoto(file: File): Promise<OwnPhoto> {
  const body = new FormData();
  body.append("photo", file);
  const done = useLoadingStore.getState().start();
  try {
    let response: Response;
    try {
      response = await fetch(PHOTOS_PATH, { method: "POST", body, credentials: "same-origin", headers: { accept: "application/json" } });
    } catch {
      throw networkError();
    }
    const answer = await response.json().catch(() => null);
    if (response.ok) return (answer as { photo: OwnPhoto }).photo;
    // A proxy may refuse a large body before the server sees it, answering 413 without our JSON.
    if (!answer && response.status === 413) throw new ApiError(413, "file_too_large", i18next.t("errors.file_too_large"));
    throw errorFromBody(PHOTOS_PATH, response, answer);
  } finally {
    done();
  }
}

/** A new or deleted photo may change the main image: the own profile and the user are fetched again. */
function refreshAfterPhotoChange(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile });
  void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto, onSuccess: refreshAfterPhotoChange });
}

export function useDeletePhoto() {
  return useMutation({
    mutationFn: (id: string) => api<unknown>(PHOTOS_PATH, { method: "DELETE", query: { id } }),
    onSuccess: refreshAfterPhotoChange,
  });
}
