import type { MemberCard } from "../../../common/schemas/user";

/** The large photo of a card (landers show photos big), or null; `cdn` is settings.cdn_prefix. */
export function photoUrl(cdn: string, member: Pick<MemberCard, "main_image">, size: "large" | "thumb" | "square" = "large"): string | null {
  const image = member.main_image;
  if (!image) return null;
  return cdn + (size === "large" ? image.filename : size === "thumb" ? image.thumb_filename : image.match);
}
