import type { ReportRequest } from "../../common/schemas/reports";
import { keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { MemberView, SearchResponse } from "../../common/schemas/members";
import { filtersToApiQuery, filtersToParams, type SearchFilters } from "../features/members/filterQuery";
import { call } from "./apiClient";
import { fillFromPage, refetchUnlessFromPage, takePageData } from "./pageData";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";

function searchKey(filters: SearchFilters, mine: boolean) {
  return [...queryKeys.members, filtersToParams(filters).toString(), mine ? "mine" : "asked"];
}

/**
 * A visitor's home page brings its newest members (server: features/web/firstData.ts): into the cache
 * as the search without filters, so that the page shows them without calling members.php.
 */
export function seedHomeFromPage(): void {
  const home = takePageData("home");
  if (home) seedHome(queryClient, home);
}

/**
 * A member's own landing page brings the member (server: features/web/firstData.ts): into the cache
 * as their profile, so that the page shows them without calling member.php.
 */
export function seedMemberFromPage(): void {
  const member = takePageData("member");
  if (member) seedMember(queryClient, member);
}

/**
 * A member's first page of their own search (their home, /members without filters) comes with the
 * HTML (server: features/web/firstData.ts): into the cache, so that the page shows it at once.
 */
export function seedOwnSearchFromPage(): void {
  const search = takePageData("search");
  if (search) seedOwnSearch(queryClient, search);
}

/** A member's own first search (their home, /members without filters) into the cache. */
export function seedOwnSearch(client: QueryClient, search: SearchResponse): void {
  fillFromPage(client, searchKey({}, true), { pages: [search], pageParams: [null] });
}

/** A member's profile, as GET /api/member.php answered it, into the cache. */
export function seedMember(client: QueryClient, member: { id: number; view: MemberView }): void {
  client.setQueryData(queryKeys.member(member.id), member.view);
}

/** A visitor's home page's members into the cache as the search without filters. */
export function seedHome(client: QueryClient, home: SearchResponse): void {
  client.setQueryData(searchKey({}, false), { pages: [home], pageParams: [null] });
}

/**
 * GET /api/members.php with `filters`: pages follow each other by `next_cursor`. `mine`: the
 * member's own search (`defaults=1`), which fills every filter not given from their settings.
 */
export function useMemberSearch(
  filters: SearchFilters,
  { enabled = true, mine = false, staleTime = 0 }: { enabled?: boolean; mine?: boolean; staleTime?: number } = {},
) {
  const own = mine ? { defaults: "1" as const } : {};
  return useInfiniteQuery({
    queryKey: searchKey(filters, mine),
    queryFn: ({ pageParam, signal }) => call("GET /api/members.php", { query: { ...filtersToApiQuery(filters, pageParam), ...own } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Changing a filter keeps the old results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled,
    staleTime,
    // The member's own search that their first page brought is not asked for again as it mounts.
    refetchOnMount: refetchUnlessFromPage,
  });
}

/** Another member's profile as the viewer may see it (GET /api/member.php). */
export function useMember(id: number) {
  return useQuery({
    queryKey: queryKeys.member(id),
    queryFn: ({ signal }) => call("GET /api/member.php", { query: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** Patches the cached profile view of `id`, if loaded, after a like or block changed it. */
export function patchMemberView(id: number, patch: Partial<MemberView>): void {
  queryClient.setQueryData<MemberView>(queryKeys.member(id), (view) => (view ? { ...view, ...patch } : view));
}

/** Blocks or unblocks a member. Blocked members drop out of search and likes, so those lists reload. */
export function useBlock() {
  return useMutation({
    mutationFn: ({ id, block }: { id: number; block: boolean }) =>
      block ? call("POST /api/block.php", { body: { id } }) : call("DELETE /api/block.php", { query: { id } }),
    onSuccess: (answer, { id }) => {
      patchMemberView(id, { blocked: answer.blocked });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members });
      void queryClient.invalidateQueries({ queryKey: queryKeys.blocks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes });
    },
  });
}

/** The members the viewer has blocked (GET /api/blocks.php). */
export function useBlocks() {
  return useQuery({ queryKey: queryKeys.blocks, queryFn: () => call("GET /api/blocks.php") });
}

/** A report of a member (from the profile, or from the chat with its last messages), blocking them too when asked. */
export function useReport() {
  return useMutation({
    mutationFn: (body: ReportRequest) => call("POST /api/report.php", { body }),
    onSuccess: (answer, { id }) => {
      if (!answer.blocked) return;
      patchMemberView(id, { blocked: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members });
      void queryClient.invalidateQueries({ queryKey: queryKeys.blocks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes });
    },
  });
}
