import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { PHOTO_MAX_BYTES, VOICE_MAX_BYTES } from "../../../common/constants";
import type { ErrorCode } from "../../../common/errors";
import { AppError } from "../../errors";

/** Room for the multipart framing and a few small fields around the photo. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** How large an upload may be, and what too large a one is told: a photo, or a voice message in chat. */
interface UploadLimit {
  maxBytes: number;
  missing: ErrorCode;
  tooLarge: () => AppError;
}
const PHOTO_LIMIT: UploadLimit = { maxBytes: PHOTO_MAX_BYTES, missing: "not_an_image", tooLarge: () => new AppError(413, "file_too_large") };
const VOICE_LIMIT: UploadLimit = {
  maxBytes: VOICE_MAX_BYTES,
  missing: "voice_invalid",
  tooLarge: () => new AppError(413, "voice_too_large", { max: VOICE_MAX_BYTES / 1024 / 1024 }),
};
const VOICE_ROUTE = "/api/chatvoice.php";

/**
 * A multipart upload that says it is larger than its file may be is refused with 413 before a byte of
 * it is read (a preValidation hook for every route: the multipart parser reads nothing by itself).
 */
export async function refuseOversizedUpload(request: FastifyRequest): Promise<void> {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("multipart/")) return;
  const limit = request.routeOptions.url === VOICE_ROUTE ? VOICE_LIMIT : PHOTO_LIMIT;
  if (Number(request.headers["content-length"]) > limit.maxBytes + UPLOAD_OVERHEAD_BYTES) throw limit.tooLarge();
}

/** What a failed read of an upload means to the client: too large (413) or unreadable (400: no boundary, cut off). */
function uploadError(err: unknown, limit: UploadLimit): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return limit.tooLarge();
  if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError(413, "payload_too_large");
  return new AppError(400, "upload_invalid");
}

/** The one file of a multipart upload, within its limit. */
async function readUploadedFile(request: FastifyRequest, limit: UploadLimit): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, limit.missing);
  const part = await request.file({ limits: { fileSize: limit.maxBytes, files: 1 } }).catch((err: unknown) => {
    throw uploadError(err, limit);
  });
  if (!part) throw new AppError(400, limit.missing);
  return part.toBuffer().catch((err: unknown) => {
    throw uploadError(err, limit);
  });
}

/** The image of a multipart upload (field `photo`), at most PHOTO_MAX_BYTES; its content is checked later. */
export const readUploadedImage = (request: FastifyRequest) => readUploadedFile(request, PHOTO_LIMIT);

/** The recording of a multipart upload (field `voice`), at most VOICE_MAX_BYTES; its content is checked later. */
export const readUploadedVoice = (request: FastifyRequest) => readUploadedFile(request, VOICE_LIMIT);
