import type { ImgHTMLAttributes } from "react";
import { photoSrcSet } from "../../common/photoSizes";

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "alt"> {
  /** The stored JPEG's address (cdn_prefix included): also the fallback for a browser without WebP. */
  src: string;
  alt: string;
  /** How wide the photo shows (common/photoSizes.ts PHOTO_SLOTS, or a width such as "64px"): the browser picks the WebP width from it. */
  sizes: string;
}

/**
 * A member's photo: its WebP widths (common/photoSizes.ts) for browsers that take WebP, the stored
 * JPEG for the others. Give `width` and `height` (or CSS an aspect ratio) so that its place is held
 * while it loads. Any other picture (a chat photo, a gift) shows as a plain image.
 */
export function Photo({ src, alt, sizes, ...img }: Props) {
  const srcSet = photoSrcSet(src);
  if (!srcSet) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="photo-sources">
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img src={src} alt={alt} {...img} />
    </picture>
  );
}
