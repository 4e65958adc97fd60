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
