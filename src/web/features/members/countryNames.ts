// Country names in the page's language from the browser's own data (Intl.DisplayNames), so that no
// list of country names has to be kept in eleven locale files.

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(language: string): Intl.DisplayNames | null {
  if (!cache.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: "region" });
    } catch {
      // Very old browsers: the code is shown instead.
    }
    cache.set(language, names);
  }
  return cache.get(language) ?? null;
}

/** The name of an ISO 3166 country code in `language`, or the code itself when unknown. */
export function countryName(code: string, language: string): string {
  try {
    return displayNames(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries as select options, sorted by their name in `language`. */
export function countryOptions(codes: readonly string[], language: string): Array<{ code: string; name: string }> {
  return codes.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language));
}
