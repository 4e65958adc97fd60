import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { PHOTO_MAX_BYTES } from "../../../common/constants";
import { AppError } from "../../errors";

/** Room for the multipart framing and a few small fields around the photo. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart upload that says it is larger than a photo may be is refused with 413 before a byte of
 * it is read (a preValidation hook for every route: the multipart parser reads nothing by itself).
 */
export async function refuseOversizedUpload(request: FastifyRequest): Promise<void> {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("multipart/")) return;
  if (Number(request.headers["content-length"]) > PHOTO_MAX_BYTES + UPLOAD_OVERHEAD_BYTES) throw new AppError(413, "file_too_large");
}

/** What a failed read of an upload means to the client: too large (413) or unreadable (400: no boundary, cut off). */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError(413, "file_too_large");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError(413, "payload_too_large");
  return new AppError(400, "upload_invalid");
}

/** The image of a multipart upload (field `photo`), at most PHOTO_MAX_BYTES; its content is checked later. */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, "not_an_image");
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } }).catch((err: unknown) => {
    throw uploadError(err);
  });
  if (!part) throw new AppError(400, "not_an_image");
  return part.toBuffer().catch((err: unknown) => {
    throw uploadError(err);
  });
}
