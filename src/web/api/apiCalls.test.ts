import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useChatStore } from "../stores/chatStore";
import { useLoadingStore } from "../stores/loadingStore";
import { REQUEST_RETRIES } from "../../common/constants";
import { ApiError, api, onLoggedOut, REQUEST_TYPE_HEADER } from "./apiClient";
import { chatsQuery } from "./chatApi";
import { likesQuery } from "./likesApi";
import { welcomeDiscountQuery } from "./paymentsApi";
import { queryClient } from "./queryClient";
import { companyInfoQuery, interestsQuery, regionsQuery, settingsQuery } from "./settingsApi";

// The calls of spec section 7 as the client makes them, against a stub fetch.

const calls: URL[] = [];
const inits: RequestInit[] = [];
let answer: (url: URL) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls.length = 0;
  inits.length = 0;
  answer = () => json({});
  vi.stubGlobal("window", { location: new URL("https://amoria.test/?network=x&lb=1") });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL, init?: RequestInit) => {
      calls.push(new URL(input));
      inits.push(init ?? {});
      return answer(new URL(input));
    }),
  );
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("settings.php", () => {
  it("forwards the route query and the domain of the request host", async () => {
    answer = () => json({ domain: "amoria.test" });
    await queryClient.fetchQuery(settingsQuery);
    expect(calls[0].pathname).toBe("/api/settings.php");
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ network: "x", lb: "1", domain: "amoria.test" });
  });
});

describe("interests, regions and company info", () => {
  it("load once each and are cached for the visit", async () => {
    answer = () => json({ interests: [], regions: {}, name: "Amoria" });
    for (let visit = 0; visit < 3; visit++) {
      await queryClient.fetchQuery(companyInfoQuery);
      await queryClient.fetchQuery(regionsQuery("en"));
      await queryClient.fetchQuery(interestsQuery("en"));
    }
    expect(calls.map((u) => u.pathname)).toEqual(["/api/companyinfo.php", "/api/regions.php", "/api/interests.php"]);
  });
});

describe("chats.php and likes.php", () => {
  it("show the loading bar on the first load only, not on later polls", async () => {
    const counted: number[] = [];
    answer = (url) => {
      counted.push(useLoadingStore.getState().active);
      return json(url.pathname === "/api/chats.php" ? { chats: [] } : { liked_by: [], likes: [], matches: [], received: [], sent: [] });
    };
    await queryClient.fetchQuery(chatsQuery);
    await queryClient.fetchQuery(likesQuery);
    await queryClient.refetchQueries({ queryKey: chatsQuery.queryKey });
    await queryClient.refetchQueries({ queryKey: likesQuery.queryKey });
    expect(calls.map((u) => u.pathname)).toEqual(["/api/chats.php", "/api/likes.php", "/api/chats.php", "/api/likes.php"]);
    expect(counted).toEqual([1, 1, 0, 0]);
    expect(useLoadingStore.getState().active).toBe(0);
  });
});

describe("likes.php fetched again while an older fetch is on its way", () => {
  it("keeps the newer answer in the top bar's store: the older one, answering last, is dropped", async () => {
    const entry = (like_new: boolean) => ({ liked_by: [{ id: 7, like_new, created_at: "2026-11-26 20:00:00" }], likes: [], matches: [] });
    let releaseOlder: (r: Response) => void = () => {};
    answer = () => {
      if (calls.length === 1) return json(entry(true));
      if (calls.length === 3) return json(entry(false));
      // The older refetch: the server answered before the like was seen, and the answer is slow to come.
      return new Promise<Response>((resolve) => {
        releaseOlder = resolve;
      });
    };
    await queryClient.fetchQuery(likesQuery);
    expect(useChatStore.getState().totalNewLikes).toBe(1);
    const older = queryClient.refetchQueries({ queryKey: likesQuery.queryKey });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // Opening the liker's profile clears the like and fetches again (MemberPage).
    await queryClient.invalidateQueries({ queryKey: likesQuery.queryKey, refetchType: "all" });
    expect(calls).toHaveLength(3);
    expect(useChatStore.getState().totalNewLikes).toBe(0);
    const stale = json(entry(true));
    releaseOlder(stale);
    await older;
    // The older fetch's answer is read, and what it does after that has run.
    await vi.waitFor(() => expect(stale.bodyUsed).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useChatStore.getState().totalNewLikes).toBe(0);
    expect(useChatStore.getState().likedBy).toEqual(entry(false).liked_by);
  });
});

describe("discountcode.php?welcome=true", () => {
  it("is ignored when it fails: no code, no error", async () => {
    vi.useFakeTimers();
    answer = () => json({ error: { code: "internal", message: "An error occured, please try again later." } }, 500);
    const loaded = queryClient.fetchQuery(welcomeDiscountQuery);
    await vi.runAllTimersAsync();
    await expect(loaded).resolves.toBeNull();
    expect(calls[0].searchParams.get("welcome")).toBe("true");
  });
});

describe("a 403 authentication_required", () => {
  const loggedOut = vi.fn();
  let stop: () => void;
  beforeEach(() => {
    loggedOut.mockClear();
    stop = onLoggedOut(loggedOut);
  });
  afterEach(() => stop());
  const refusal = () => json({ error: { code: "authentication_required", message: "Please log in." } }, 403);

  it("from a member call turns the app to logged out", async () => {
    answer = refusal;
    await expect(api("/api/chats.php")).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it("from user.php does not", async () => {
    answer = refusal;
    await expect(api("/api/user.php", { method: "PUT", body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).not.toHaveBeenCalled();
  });
});

describe("every call", () => {
  const failing = () => json({ error: { code: "internal", message: "An error occured, please try again later." } }, 503);

  it("is retried up to 5 times with growing delays when it is safe to repeat", async () => {
    vi.useFakeTimers();
    answer = failing;
    const started = Date.now();
    const call = api("/api/members.php").catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await call).toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1 + REQUEST_RETRIES);
    // 300 + 600 + 1200 + 2400 + 4800 ms: each wait doubles.
    expect(Date.now() - started).toBe(9300);
  });

  it("is not repeated when a repeat could act twice: a POST without an Idempotency-Key, or a refusal (4xx)", async () => {
    vi.useFakeTimers();
    answer = failing;
    const post = api("/api/like.php", { method: "POST", body: { id: 2 } }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await post).toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    answer = () => json({ error: { code: "not_found", message: "Not found" } }, 404);
    await expect(api("/api/members.php")).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it("to user.php carries the client request-type header, and no other does", async () => {
    answer = (url) => json(url.pathname === "/api/user.php" ? { user: null } : {});
    await api("/api/user.php");
    await api("/api/settings.php");
    const headers = inits.map((init) => (init.headers ?? {}) as Record<string, string>);
    expect(headers[0][REQUEST_TYPE_HEADER]).toBe("spa");
    expect(headers[1][REQUEST_TYPE_HEADER]).toBeUndefined();
  });
});
