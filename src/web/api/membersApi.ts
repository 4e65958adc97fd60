import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { MembersResponse } from "../../common/schemas/user";
import { api } from "./apiClient";

export function useMembers(page: number) {
  return useQuery({
    queryKey: ["members", page],
    queryFn: () => api<MembersResponse>("/api/members.php", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}
