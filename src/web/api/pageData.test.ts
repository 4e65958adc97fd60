import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { FRESH_FROM_PAGE_MS, fillFromPage, refetchUnlessFromPage } from "./pageData";

// What a first page's HTML brought is not asked for again as the page mounts, for a few seconds.

describe("data the page brought", () => {
  it("is in the cache as the server's answer and counts as just asked for, for a while", () => {
    const client = new QueryClient();
    fillFromPage(client, ["chats"], { chats: [] });
    expect(client.getQueryData(["chats"])).toEqual({ chats: [] });
    const query = client.getQueryCache().find({ queryKey: ["chats"], exact: true });
    if (!query) throw new Error("no query");
    const filled = query.state.dataUpdatedAt;
    expect(refetchUnlessFromPage(query, filled + 1)).toBe(false);
    expect(refetchUnlessFromPage(query, filled + FRESH_FROM_PAGE_MS + 5)).toBe(true);
  });

  it("does not change a query the page did not fill: it is asked for at mount as before", () => {
    const client = new QueryClient();
    client.setQueryData(["members"], { pages: [] });
    const query = client.getQueryCache().find({ queryKey: ["members"], exact: true });
    if (!query) throw new Error("no query");
    expect(refetchUnlessFromPage(query)).toBe(true);
  });
});
