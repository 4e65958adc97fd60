import { useMutation, useQuery } from "@tanstack/react-query";
import type { VerificationStatus } from "../../common/schemas/verification";
import { call } from "./apiClient";
import { postImage } from "./photosApi";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";

const VERIFICATION_KEY = queryKeys.verification;

/** Where the member stands with the photo verification. */
export function useVerification() {
  return useQuery({ queryKey: VERIFICATION_KEY, queryFn: () => call("GET /api/verification.php") });
}

const keep = (status: VerificationStatus) => {
  queryClient.setQueryData(VERIFICATION_KEY, status);
  // The badge is part of the member's own profile and user.
  if (status.state === "verified") void queryClient.invalidateQueries({ queryKey: queryKeys.user });
};

/** Starts a request (or finds the open one): the answer holds the pose to show. */
export function useStartVerification() {
  return useMutation({ mutationFn: () => call("POST /api/verification.php", { body: {} }), onSuccess: keep });
}

/** Sends the selfie in the pose asked; the request joins the moderators' queue. */
export function useSendSelfie() {
  return useMutation({ mutationFn: (file: File) => postImage<VerificationStatus>("/api/verification-selfie.php", file), onSuccess: keep });
}
