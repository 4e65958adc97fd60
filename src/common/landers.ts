// Landing pages (spec sections 1 and 2): the eight landers at /landers/{name}/{slug?}, the swipe
// lander at /landers/tinderswipe, and the site's niche (settings.niche, 1 to 7), which chooses the
// slug and which profiles the pages show.

export const LANDERS = [
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type LanderName = (typeof LANDERS)[number];

/** Niches by their number in the settings: 1 default, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay. */
export const NICHES = ["default", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;
export type Niche = (typeof NICHES)[number];

export function isLander(name: string | undefined): name is LanderName {
  return (LANDERS as readonly string[]).includes(name ?? "");
}

export function nicheOfSetting(niche: number): Niche {
  return NICHES[niche - 1] ?? "default";
}

/** The slug of a niche in lander URLs: its name, none for the default niche. */
export function nicheSlug(niche: Niche): string | null {
  return niche === "default" ? null : niche;
}

/**
 * The niche a lander URL shows: its slug when that names a niche, else the site's own. (An unknown
 * slug, such as an ad campaign's own word, still shows the page rather than a 404.)
 */
export function landerNiche(slug: string | undefined, siteNiche: number): Niche {
  return (NICHES as readonly string[]).includes(slug ?? "") ? (slug as Niche) : nicheOfSetting(siteNiche);
}

/**
 * How many profiles each landing page shows (GET /api/lander.php?limit=), and which photo of the first
 * one is the page's largest picture (its first paint): the server sends both with the page's HTML, so
 * that the page needs no call before it shows and the browser fetches that photo at once.
 */
export const LANDER_PROFILES: Readonly<Record<LanderName | "tinderswipe", { count: number; firstPhoto: "large" | "square" | null }>> = {
  alonetonight: { count: 8, firstPhoto: null },
  collagelanding: { count: 24, firstPhoto: null },
  gallery: { count: 12, firstPhoto: "large" },
  iconslanding: { count: 6, firstPhoto: null },
  maplanding: { count: 10, firstPhoto: null },
  socialnetwork: { count: 8, firstPhoto: null },
  transitionsvideolanding: { count: 8, firstPhoto: null },
  video: { count: 6, firstPhoto: null },
  tinderswipe: { count: 12, firstPhoto: "square" },
};

/** The lander's path for a niche. */
export function landerPath(name: LanderName, niche: Niche): string {
  const slug = nicheSlug(niche);
  return slug ? `/landers/${name}/${slug}` : `/landers/${name}`;
}

export interface NicheFilter {
  gender?: "male" | "female";
  sexualities?: readonly ("hetero" | "gay" | "lesbian" | "bi")[];
  minAge?: number;
  maxAge?: number;
  bodyTypes?: readonly string[];
}

/**
 * Which profiles a niche shows. No profile field says "bdsm": a bdsm site's members are its niche, so
 * that niche changes the texts, not the choice.
 */
export const NICHE_FILTERS: Record<Niche, NicheFilter> = {
  default: {},
  she: { gender: "female" },
  bdsm: {},
  bbw: { gender: "female", bodyTypes: ["curvy", "large"] },
  gilf: { gender: "female", minAge: 60 },
  milf: { gender: "female", minAge: 35, maxAge: 59 },
  gay: { gender: "male", sexualities: ["gay", "bi"] },
};

/** Profiles a lander asks for at most. */
export const LANDER_MAX_PROFILES = 48;
