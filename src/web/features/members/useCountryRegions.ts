import { useRegions } from "../../api/settingsApi";

export interface Region {
  code: string;
  name: string;
}

const NONE: Region[] = [];

/** The regions (provinces, states...) of `country`, empty while loading or without a country. */
export function useCountryRegions(country: string | null | undefined): Region[] {
  const regions = useRegions();
  return (country && regions.data?.regions[country]) || NONE;
}
