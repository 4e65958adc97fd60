import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { FIRST_DATA_ID, type FirstData } from "../../common/firstData";

let data: FirstData | null = null;

/**
 * Takes a part of the data the page's HTML brought (common/firstData.ts), once: a later visit to the
 * same page in this tab asks the server as usual, rather than show what was true at the first load.
 */
export function takePageData<K extends keyof FirstData>(key: K): FirstData[K] {
  const all = pageData();
  const part = all[key];
  delete all[key];
  return part;
}

/** Whether the page's HTML brought this part and nobody took it yet. */
export function pageDataHas(key: keyof FirstData): boolean {
  return pageData()[key] !== undefined;
}

function pageData(): FirstData {
  // The server's rendering (ssr.tsx) puts its data in the cache itself.
  if (typeof document === "undefined") return {};
  if (!data) {
    const block = document.getElementById(FIRST_DATA_ID);
    try {
      data = block?.textContent ? (JSON.parse(block.textContent) as FirstData) : {};
    } catch {
      data = {};
    }
    block?.remove();
  }
  return data;
}

/**
 * How long what the page's HTML brought counts as just asked for: the page that mounts with it does
 * not ask the server for the same again at once (its queries are otherwise stale from the start).
 */
export const FRESH_FROM_PAGE_MS = 10_000;

/** When the page's data filled each query (ms). */
const filledAt = new WeakMap<object, number>();

/** Puts a part of the page's data into the cache under `key`, as the answer the server just gave. */
export function fillFromPage(client: QueryClient, key: QueryKey, data: unknown): void {
  client.setQueryData(key, data);
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (query) filledAt.set(query, Date.now());
}

/** A query's refetchOnMount: not while what the page brought is fresh, as a query with staleTime 0 would. */
export function refetchUnlessFromPage(query: object, nowMs = Date.now()): boolean {
  const at = filledAt.get(query);
  return at === undefined || nowMs - at >= FRESH_FROM_PAGE_MS;
}
