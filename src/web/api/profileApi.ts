import { useMutation, useQuery } from "@tanstack/react-query";
import type { OwnProfileResponse, ProfileUpdate } from "../../common/schemas/members";
import type { GeocodeResult } from "../../common/schemas/settings";
import type { User } from "../../common/schemas/user";
import { call } from "./apiClient";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { userQuery } from "./userApi";

/** The member's own profile with photos, invisible mode and photo limit (GET /api/profile.php). */
export function useOwnProfile() {
  return useQuery({ queryKey: queryKeys.ownProfile, queryFn: () => call("GET /api/profile.php") });
}

/** Stores a fresh own profile, also on the user, so the top bar and the banners see the change at once. */
export function applyOwnProfile(answer: OwnProfileResponse): void {
  queryClient.setQueryData(queryKeys.ownProfile, answer);
  queryClient.setQueryData<User | null>(userQuery.queryKey, (user) => (user ? { ...user, profile: answer.profile } : user));
}

/** PUT /api/profile.php with any subset of the fields, invisible mode or the main photo. */
export function useSaveProfile() {
  return useMutation({
    mutationFn: (update: ProfileUpdate) => call("PUT /api/profile.php", { body: update }),
    onSuccess: applyOwnProfile,
  });
}

/** Country, region and city of a point (GET /api/geocode.php). */
export function geocode(lat: number, lon: number): Promise<GeocodeResult> {
  return call("GET /api/geocode.php", { query: { lat: Number(lat.toFixed(5)), lon: Number(lon.toFixed(5)) } });
}
