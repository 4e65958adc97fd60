import sharp from "sharp";
import { type AvatarOptions, avatarSvg } from "./avatarSvg";

export type { AvatarOptions };

/**
 * A JPEG (720x900) of an illustrated, friendly head-and-shoulders portrait; the same options always give the same image.
 * Drawn as SVG (no remote images or fonts) and rasterised with sharp.
 */
export async function renderAvatar(options: AvatarOptions): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(options)))
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer();
}
