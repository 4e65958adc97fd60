import { useMutation } from "@tanstack/react-query";
import i18next from "i18next";
import type { OwnPhoto } from "../../common/schemas/members";
import { useLoadingStore } from "../stores/loadingStore";
import { ApiError, call, errorFromBody, networkError } from "./apiClient";
import { refreshPhotoNotices } from "./photoNoticesApi";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { userQuery } from "./userApi";

const PHOTOS_PATH = "/api/photos.php";

/** Posts one image as multipart/form-data (field `photo`): see postFile. */
export const postImage = <T>(path: string, file: File, idempotencyKey?: string): Promise<T> => postFile<T>(path, "photo", file, idempotencyKey);

/**
 * Posts one file as multipart/form-data (in `field`). It bypasses api(), which speaks JSON only,
 * and is not retried: an upload is neither small nor safe to repeat (a send in chat carries an
 * Idempotency-Key, so the member may retry it by hand). The browser sets the content type with the
 * multipart boundary, so none is set here.
 */
export async function postFile<T>(path: string, field: string, file: File, idempotencyKey?: string): Promise<T> {
  const body = new FormData();
  body.append(field, file);
  const headers: Record<string, string> = { accept: "application/json" };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const done = useLoadingStore.getState().start();
  try {
    let response: Response;
    try {
      response = await fetch(path, { method: "POST", body, credentials: "same-origin", headers });
    } catch {
      throw networkError();
    }
    const answer = await response.json().catch(() => null);
    if (response.ok) return answer as T;
    // A proxy may refuse a large body before the server sees it, answering 413 without our JSON.
    if (!answer && response.status === 413) throw new ApiError(413, "file_too_large", i18next.t("errors.file_too_large"));
    throw errorFromBody(path, response, answer);
  } finally {
    done();
  }
}

/** Uploads an own profile photo. */
export async function uploadPhoto(file: File): Promise<OwnPhoto> {
  return (await postImage<{ photo: OwnPhoto }>(PHOTOS_PATH, file)).photo;
}

/** A new or deleted photo may change the main image: the own profile and the user are fetched again. */
function refreshAfterPhotoChange(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile });
  void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
  // Whether the member may ask to be verified depends on an approved photo.
  void queryClient.invalidateQueries({ queryKey: queryKeys.verification });
  refreshPhotoNotices();
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto, onSuccess: refreshAfterPhotoChange });
}

export function useDeletePhoto() {
  return useMutation({
    mutationFn: (id: string) => call("DELETE /api/photos.php", { query: { id } }),
    onSuccess: refreshAfterPhotoChange,
  });
}
