// Smaller, lighter copies of a member's photo files for phones: each stored JPEG (`/photos/<id>.jpg`,
// `<id>_thumb.jpg`, `<id>_match.jpg`, `<id>_blur.jpg`) is also served as WebP in a few widths, at
// `/photos/<file>?w=<width>&f=webp`. The JPEG stays the fallback. Server and client read the widths
// here, so a srcset never names a width the server refuses.

/** Which stored file a photo path names. */
export type PhotoKind = "main" | "thumb" | "match" | "blur";

/**
 * The widths each file is served in. The large photo (up to 1080x1350) fills a lander card or a
 * profile page; the 4:5 thumbnail a search card (about 180 CSS px on a phone, 240 on a desktop); the
 * square the swipe game; the blurred copy of a locked photo is small already (240x300).
 */
export const PHOTO_WIDTHS: Readonly<Record<PhotoKind, readonly number[]>> = {
  main: [360, 540, 720, 1080],
  thumb: [240, 360, 480],
  match: [240, 480],
  blur: [240],
};

/** The formats besides the stored JPEG. WebP only: AVIF took 10-20 times as long to encode for 15-20% fewer bytes (bench/README.md). */
export const PHOTO_FORMATS = ["webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME: Readonly<Record<PhotoFormat, string>> = { webp: "image/webp" };

const PHOTO_PATH = /(?:^|\/)photos\/([0-9a-f-]{36})(?:_(thumb|match|blur))?\.jpg$/;

/** The photo id and file kind of a photo's address or storage key (`/photos/<id>_thumb.jpg`), or null for anything else. */
export function photoFileOf(path: string): { id: string; kind: PhotoKind } | null {
  const m = PHOTO_PATH.exec(path);
  return m ? { id: m[1], kind: (m[2] as PhotoKind | undefined) ?? "main" } : null;
}

/** The address of one width of a photo file in a format. */
export const photoSizeUrl = (url: string, width: number, format: PhotoFormat = "webp") => `${url}?w=${width}&f=${format}`;

/** A `srcset` of every width of the photo at `url` (with any CDN prefix) in a format, or null when `url` is no member photo. */
export function photoSrcSet(url: string, format: PhotoFormat = "webp"): string | null {
  const file = photoFileOf(url.split("?")[0]);
  if (!file) return null;
  return PHOTO_WIDTHS[file.kind].map((w) => `${photoSizeUrl(url, w, format)} ${w}w`).join(", ");
}

/**
 * How wide each place shows its photo (a `sizes` attribute), by Bootstrap's container widths and the
 * grid of each place. Shared with the server, whose preload of a page's largest photo must name the
 * width the page then picks, or the browser loads it twice.
 */
export const PHOTO_SLOTS = {
  /** A lander's gallery card: 2 columns on a phone, 3 from md, 4 from lg. */
  landerCard: "(min-width: 1400px) 312px, (min-width: 1200px) 267px, (min-width: 768px) 222px, (min-width: 576px) 250px, calc(50vw - 20px)",
  /** A member card of a grid (MemberGrid): 2 columns on a phone, then 3, 4 and 6. */
  memberCard: "(min-width: 1400px) 203px, (min-width: 1200px) 173px, (min-width: 576px) 162px, calc(50vw - 20px)",
  /** The swipe game's card (at most 360 px wide). */
  swipeCard: "(min-width: 400px) 360px, calc(100vw - 24px)",
  /** The large photo of a profile page: the whole width on a phone, then 6 of 12 columns, 5 from lg. */
  profilePhoto: "(min-width: 1400px) 526px, (min-width: 1200px) 451px, (min-width: 992px) 376px, (min-width: 768px) 336px, calc(100vw - 24px)",
} as const;
