import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { FirstData } from "../../common/firstData";
import type { Niche } from "../../common/landers";
import { call } from "./apiClient";
import { takePageData } from "./pageData";

/** Profiles for a landing page of `niche` (GET /api/lander.php), the visitor's country first. */
export function useLanderProfiles(niche: Niche, limit: number) {
  return useQuery({
    queryKey: ["lander", niche, limit],
    queryFn: ({ signal }) => call("GET /api/lander.php", { query: { niche, limit } }, { signal }),
    staleTime: 300_000,
  });
}

/**
 * A landing page's HTML brings its profiles (server: features/web/firstData.ts): they go into the
 * cache before the first render, so that the page shows them without calling lander.php.
 */
export function seedLanderFromPage(queryClient: QueryClient): void {
  const lander = takePageData("lander");
  if (lander) seedLander(queryClient, lander);
}

/** A landing page's profiles into the cache (the browser from the page, the server's rendering from its data). */
export function seedLander(queryClient: QueryClient, lander: NonNullable<FirstData["lander"]>): void {
  queryClient.setQueryData(["lander", lander.niche, lander.limit], lander.answer);
}
