/** The image format of a file by its first bytes (never by its name or declared type), or null. */
export function detectImageType(head: Buffer): "jpeg" | "png" | "gif" | "webp" | "avif" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 6 && (head.subarray(0, 6).toString("latin1") === "GIF87a" || head.subarray(0, 6).toString("latin1") === "GIF89a")) return "gif";
  if (head.length >= 12 && head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (head.length >= 12 && head.subarray(4, 8).toString("latin1") === "ftyp" && ["avif", "avis"].includes(head.subarray(8, 12).toString("latin1")))
    return "avif";
  return null;
}
