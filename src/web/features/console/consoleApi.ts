import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuditQuery, ConsoleSession, GrantCreditsRequest, OperatorLoginRequest, SuspendRequest } from "../../../common/schemas/console";
import { call } from "../../api/apiClient";

// The console's calls: all under /api/console, where its own cookie goes (never the member's area).

const keys = {
  session: ["console", "session"] as const,
  members: (q: string) => ["console", "members", q] as const,
  member: (id: number) => ["console", "member", id] as const,
  audit: (query: AuditQuery) => ["console", "audit", query] as const,
};

export function useConsoleSession() {
  return useQuery({ queryKey: keys.session, queryFn: () => call("GET /api/console/session"), staleTime: Number.POSITIVE_INFINITY });
}

/** Every console call that changes where the sign-in stands answers the new session. */
function useSessionChange<T>(call: (input: T) => Promise<ConsoleSession>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      client.setQueryData(keys.session, session);
      if (session.step !== "done") client.removeQueries({ predicate: (q) => q.queryKey[0] === "console" && q.queryKey[1] !== "session" });
    },
  });
}

export const useSignIn = () => useSessionChange((body: OperatorLoginRequest) => call("POST /api/console/session", { body }));
export const useCode = () => useSessionChange((code: string) => call("POST /api/console/code", { body: { code } }));
export const useActivateTotp = () => useSessionChange((code: string) => call("POST /api/console/totp/activate", { body: { code } }));
export const useSignOut = () =>
  useSessionChange(async () => {
    await call("DELETE /api/console/session");
    return call("GET /api/console/session");
  });

export const useStartTotp = () => useMutation({ mutationFn: () => call("POST /api/console/totp") });

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: keys.members(q),
    queryFn: async () => (await call("GET /api/console/members", { query: { q } })).members,
    enabled: q.trim().length > 0,
  });
}

export function useMemberDetail(id: number) {
  return useQuery({ queryKey: keys.member(id), queryFn: () => call("GET /api/console/members/:id", { params: { id } }) });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({ queryKey: keys.audit(query), queryFn: () => call("GET /api/console/audit", { query }) });
}

export type MemberAction =
  | { kind: "suspension"; body: SuspendRequest }
  | { kind: "ban"; body: { reason: string } }
  | { kind: "lift"; body: { reason: string } }
  | { kind: "end-sessions"; body: { reason: string } }
  | { kind: "credits"; body: GrantCreditsRequest }
  | { kind: "resend-activation"; body: { reason: string } }
  | { kind: "fictional"; body: { fictional: boolean; reason: string } }
  | { kind: "erasure"; body: { confirm: true; reason: string } };

/** Each action's call. */
function memberAction(id: number, action: MemberAction): Promise<unknown> {
  const params = { id };
  switch (action.kind) {
    case "suspension":
      return call("POST /api/console/members/:id/suspension", { params, body: action.body });
    case "ban":
      return call("POST /api/console/members/:id/ban", { params, body: action.body });
    case "lift":
      return call("POST /api/console/members/:id/lift", { params, body: action.body });
    case "end-sessions":
      return call("POST /api/console/members/:id/end-sessions", { params, body: action.body });
    case "credits":
      return call("POST /api/console/members/:id/credits", { params, body: action.body });
    case "resend-activation":
      return call("POST /api/console/members/:id/resend-activation", { params, body: action.body });
    case "fictional":
      return call("POST /api/console/members/:id/fictional", { params, body: action.body });
    case "erasure":
      return call("POST /api/console/members/:id/erasure", { params, body: action.body });
  }
}

/** An action on a member; the member's page is fetched again afterwards (its audit trail included). */
export function useMemberAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => memberAction(id, action),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.member(id) }),
  });
}

/** An admin's refund of one of the member's payments (with the reason for the audit log). */
export function useRefund(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payment, reason }: { payment: string; reason: string }) =>
      call("POST /api/console/members/:id/payments/:payment/refund", { params: { id, payment }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.member(id) }),
  });
}
