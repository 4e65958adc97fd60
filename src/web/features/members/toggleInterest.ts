import { MAX_INTERESTS } from "../../../common/constants";

/** The selection after clicking `id`: removed when chosen, added when there is room (at most 10). */
export function toggleInterest<T extends string>(selected: readonly T[], id: T, max = MAX_INTERESTS): T[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return selected.length >= max ? [...selected] : [...selected, id];
}
