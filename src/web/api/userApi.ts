import { useMutation, useQuery } from "@tanstack/react-query";
import type { Language } from "../../common/locales";
import type { LoginRequest, MailChangeRequest, ResetDoRequest, SignupRequest } from "../../common/schemas/auth";
import type { User, UserResponse } from "../../common/schemas/user";
import type { FirstData } from "../../common/firstData";
import { leavePush } from "../features/push/pushClient";
import { changeLanguage } from "../i18n/i18n";
import { useBanStore } from "../stores/banStore";
import { useChatStore } from "../stores/chatStore";
import { call, sessionStarted } from "./apiClient";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { takePageData } from "./pageData";
import { PHOTO_NOTICES_KEY } from "./photoNoticesApi";

export const userQuery = {
  queryKey: queryKeys.user,
  queryFn: async () => (await call("GET /api/user.php")).user,
};

/**
 * A member's first page brings the settings, the member and their photo notices (server:
 * features/web/firstData.ts): into the cache, so that the app renders without asking for them.
 * Returns whether it did.
 */
export function seedSessionFromPage(): boolean {
  const session = takePageData("session");
  if (!session) return false;
  seedSession(session);
  return true;
}

/** A member's session as their first page brings it (the settings, the member, their photo notices) into the cache. */
export function seedSession(session: NonNullable<FirstData["session"]>): void {
  queryClient.setQueryData(queryKeys.settings, session.settings);
  queryClient.setQueryData(userQuery.queryKey, session.user);
  queryClient.setQueryData(PHOTO_NOTICES_KEY, session.notices);
}

/** The logged-in member, or null for a visitor. */
export function useUser(): User | null {
  return useQuery(userQuery).data ?? null;
}

/** After login, signup or reset: the member's language wins, and everything is fetched again for them. */
async function becomeMember(response: UserResponse): Promise<User | null> {
  queryClient.setQueryData(userQuery.queryKey, response.user);
  if (response.user) {
    useBanStore.getState().clear();
    sessionStarted();
  }
  if (response.user) await changeLanguage(response.user.language);
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "user" });
  return response.user;
}

export function setLoggedOut(): void {
  queryClient.setQueryData(userQuery.queryKey, null);
  useChatStore.getState().reset();
}

/** Patches the cached member, such as the new credits balance a paid action answers with. */
export function patchUser(patch: Partial<User>): void {
  queryClient.setQueryData<User | null>(userQuery.queryKey, (user) => (user ? { ...user, ...patch } : user));
}

/** Fetches the member again in the background (polling: no loading bar); logged out elsewhere turns the app to a visitor. */
export async function refetchUserQuietly(): Promise<void> {
  const { user } = await call("GET /api/user.php", {}, { progress: false });
  if (user) queryClient.setQueryData(userQuery.queryKey, user);
  else if (queryClient.getQueryData(userQuery.queryKey)) setLoggedOut();
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginRequest) => becomeMember(await call("POST /api/user.php", { body })),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: async (body: SignupRequest) => becomeMember(await call("POST /api/signup.php", { body })),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      // While the session still exists: this browser gets no more pushes for the member.
      await leavePush();
      return call("GET /api/logout.php");
    },
    onSettled: () => {
      setLoggedOut();
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "user" });
    },
  });
}

/** Switches language now; the server keeps it in the cookie and, for a member, on the account. */
export function useSaveLanguage() {
  return useMutation({
    mutationFn: async (language: Language) => {
      await changeLanguage(language);
      await call("PUT /api/user.php", { body: { language } });
      const user = queryClient.getQueryData<User | null>(userQuery.queryKey);
      if (user) queryClient.setQueryData(userQuery.queryKey, { ...user, language });
      await queryClient.invalidateQueries({ queryKey: ["interests"] });
    },
  });
}

export function useRequestReset() {
  return useMutation({ mutationFn: (email: string) => call("POST /api/reset-password.php", { body: { email } }) });
}

export function useDoReset() {
  return useMutation({
    mutationFn: async (body: ResetDoRequest) => becomeMember(await call("POST /api/reset-password-do.php", { body })),
  });
}

export function useRequestMailChange() {
  return useMutation({ mutationFn: (body: MailChangeRequest) => call("POST /api/mail-change.php", { body }) });
}

export function useDoMailChange() {
  return useMutation({
    mutationFn: async (token: string) => {
      await call("POST /api/mail-change-do.php", { body: { token } });
      await queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
    },
  });
}

/** "This wasn't me" from a password or e-mail change alert: every device is logged out, this one too. */
export function useSecureAccount() {
  return useMutation({
    mutationFn: async (token: string) => {
      const answer = await call("POST /api/secure-account.php", { body: { token } });
      if (queryClient.getQueryData(userQuery.queryKey)) setLoggedOut();
      return answer;
    },
  });
}

export function useResendActivation() {
  return useMutation({ mutationFn: () => call("POST /api/activation-mail.php", { body: {} }) });
}

/** POST /api/signup-step.php: a signup step is done (or skipped); the answer is the user with the step still to do. */
export function useSignupStep() {
  return useMutation({
    mutationFn: async (step: number) => (await call("POST /api/signup-step.php", { body: { step } })).user,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(userQuery.queryKey, user);
    },
  });
}

/** The token page: POST /api/login-link.php with a notification e-mail's one-time login link. */
export function useLoginLink() {
  return useMutation({
    mutationFn: async (token: string) => becomeMember(await call("POST /api/login-link.php", { body: { token } })),
  });
}
