import { type QueryClient, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CompanyInfo, Settings } from "../../common/schemas/settings";
import { call } from "./apiClient";
import { takePageData } from "./pageData";
import { queryKeys } from "./queryKeys";

/** Query forwarded to settings.php: the route query, so that tracking parameters reach the server. */
function routeQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search));
}

export const settingsQuery = {
  queryKey: queryKeys.settings,
  queryFn: () => call("GET /api/settings.php", { query: { ...routeQuery(), domain: window.location.hostname } }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Site settings, loaded once at start (spec section 3). */
export function useSettings(): Settings {
  return useSuspenseQuery(settingsQuery).data;
}

// Company info, regions and interests load once and stay cached for the visit (spec section 7).
export const companyInfoQuery = { queryKey: ["companyinfo"], queryFn: () => call("GET /api/companyinfo.php"), staleTime: Number.POSITIVE_INFINITY };

/**
 * The company a page's HTML brings (server: features/web/web.routes.ts) into the cache before the
 * first render: the footer names it as the server's rendering did, without calling companyinfo.php.
 */
export function seedCompanyFromPage(queryClient: QueryClient): void {
  const company = takePageData("company");
  if (company) seedCompany(queryClient, company);
}

/** The company into the cache (the browser from the page, the server's rendering from its data). */
export function seedCompany(queryClient: QueryClient, company: CompanyInfo): void {
  queryClient.setQueryData(companyInfoQuery.queryKey, company);
}

export function regionsQuery(language: string) {
  return { queryKey: ["regions", language], queryFn: () => call("GET /api/regions.php"), staleTime: Number.POSITIVE_INFINITY };
}

export function interestsQuery(language: string) {
  return {
    queryKey: ["interests", language],
    queryFn: () => call("GET /api/interests.php"),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}

/** The regions of the site's countries, named in the page's language (the server answers in it): loaded again when it changes. */
export function useRegions() {
  const { i18n } = useTranslation();
  return useQuery(regionsQuery(i18n.language));
}

export function useInterests(language: string) {
  return useQuery(interestsQuery(language));
}
