import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { countryOptions } from "./countryNames";

/** The `<option>`s of a country select: the site's countries by name in the page's language. */
export function CountryOptions({ countries }: { countries: readonly string[] }) {
  const { i18n } = useTranslation();
  const options = useMemo(() => countryOptions(countries, i18n.language), [countries, i18n.language]);
  return options.map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
    </option>
  ));
}
