import { MEMBERS_AREA_ROUTES } from "../../../common/routes";

// One banner at a time (issue 18): on a phone, stacked banners and modals left no content on the
// first screen. This is the one place that decides which banner shows and when a modal may open.

/**
 * The banners of the default layout, most important first. What the member must fix comes before
 * what we offer:
 * 1. activation: until the e-mail is confirmed nobody can find the member;
 * 2. disabled-notifications: we stopped sending e-mails (a bounce, a complaint, an unsubscribe), so
 *    the member misses messages;
 * 3. photo-rejected: a moderator rejected one of the member's photos; they are told why and may
 *    upload another (it comes before "photo", which would only ask for one without saying why);
 * 4. photo: without a main photo the member gets few answers;
 * 5. time-bonus: a discount running out within hours (its modal and the credits page show it too;
 *    on the credits page, where buying is what the member came for, it comes first);
 * 6. push: an offer the member can take any time, from the notifications page too.
 */
export const BANNER_PRIORITY = ["activation", "disabled-notifications", "photo-rejected", "photo", "time-bonus", "push"] as const;
export type BannerKind = (typeof BANNER_PRIORITY)[number];

/**
 * Where the time-bonus banner shows: the members area, the home page (a member's home is the members
 * search) and the credits page (where the bonus is spent).
 */
export const TIME_BONUS_BANNER_ROUTES: readonly string[] = [...MEMBERS_AREA_ROUTES, "index", "credits"];

/** Whether a banner could show; "unknown" while its data is still loading. */
export type Eligibility = boolean | "unknown";

/**
 * The one banner to show: the first eligible one by priority; "pending" while a more important one
 * is still unknown (so that nothing appears and is then replaced), null when there is none.
 */
export function chooseBanner(eligible: Readonly<Record<BannerKind, Eligibility>>, routeName: string | null): BannerKind | "pending" | null {
  const order: readonly BannerKind[] = routeName === "credits" ? ["time-bonus", ...BANNER_PRIORITY.filter((k) => k !== "time-bonus")] : BANNER_PRIORITY;
  for (const kind of order) {
    if (eligible[kind] === "unknown") return "pending";
    if (eligible[kind]) return kind;
  }
  return null;
}

export interface ModalInput {
  /** The banner the page shows (or is still deciding on). */
  banner: BannerKind | "pending" | null;
  /** This is the first page the member sees in this visit (browser tab session). */
  firstPageOfVisit: boolean;
}

/**
 * A promotional modal (time bonus, new like) may open, except over a banner on the first page of a
 * visit: the member first sees the page and the one thing the banner asks; the modal waits for the
 * next page.
 */
export function modalMayOpen({ banner, firstPageOfVisit }: ModalInput): boolean {
  return !(firstPageOfVisit && banner !== null);
}
