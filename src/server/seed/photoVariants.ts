import sharp from "sharp";

/**
 * More photos of the same demo member from their portrait: a mirrored, closer shot and a warm
 * close-up. Enough for a profile page with several photos (and locked ones for free viewers).
 */
export async function photoVariants(portrait: Buffer, count: number): Promise<Buffer[]> {
  const { width = 720, height = 900 } = await sharp(portrait).metadata();
  const makers = [
    () =>
      sharp(portrait)
        .flop()
        .extract({ left: Math.round(width * 0.06), top: Math.round(height * 0.04), width: Math.round(width * 0.88), height: Math.round(height * 0.88) })
        .resize(width, height)
        .modulate({ brightness: 1.05, saturation: 1.1 })
        .jpeg({ quality: 85 })
        .toBuffer(),
    () =>
      sharp(portrait)
        .extract({ left: Math.round(width * 0.18), top: Math.round(height * 0.1), width: Math.round(width * 0.64), height: Math.round(height * 0.64) })
        .resize(width, height)
        .tint({ r: 255, g: 236, b: 214 })
        .jpeg({ quality: 85 })
        .toBuffer(),
    () => sharp(portrait).grayscale().modulate({ brightness: 1.08 }).jpeg({ quality: 85 }).toBuffer(),
  ];
  return Promise.all(makers.slice(0, count).map((make) => make()));
}
