// Traffic source of a visit (spec section 3, tracking): taken from the landing URL, kept for the visit.

const KEYS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
type Tracking = Partial<Record<(typeof KEYS)[number], string>>;
const STORAGE_KEY = "tracking";

/** Remembers tracking parameters of the URL the visit arrived on. */
export function captureTracking(search: string): void {
  const params = new URLSearchParams(search);
  const found: Tracking = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) found[key] = value.slice(0, 100);
  }
  if (Object.keys(found).length > 0) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(found));
}

export function readTracking(): Tracking | undefined {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    return value ? (JSON.parse(value) as Tracking) : undefined;
  } catch {
    return undefined;
  }
}
