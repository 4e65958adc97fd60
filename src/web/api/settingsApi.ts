import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CompanyInfo, RegionsResponse, Settings } from "../../common/schemas/settings";
import { api } from "./apiClient";
import { queryKeys } from "./queryKeys";

/** Query forwarded to settings.php: the route query, so that tracking parameters reach the server. */
function routeQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search));
}

export const settingsQuery = {
  queryKey: queryKeys.settings,
  queryFn: () => api<Settings>("/api/settings.php", { query: { ...routeQuery(), domain: window.location.hostname } }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Site settings, loaded once at start (spec section 3). */
export function useSettings(): Settings {
  return useSuspenseQuery(settingsQuery).data;
}

export function useCompanyInfo() {
  return useQuery({ queryKey: ["companyinfo"], queryFn: () => api<CompanyInfo>("/api/companyinfo.php"), staleTime: Number.POSITIVE_INFINITY });
}

/** The regions of the site's countries, named in the page's language (the server answers in it): loaded again when it changes. */
export function useRegions() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ["regions", i18n.language], queryFn: () => api<RegionsResponse>("/api/regions.php"), staleTime: Number.POSITIVE_INFINITY });
}

export function useInterests(language: string) {
  return useQuery({
    queryKey: ["interests", language],
    queryFn: () => api<{ interests: Array<{ id: string; name: string }> }>("/api/interests.php"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
