import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { PHOTO_MAX_BYTES } from "../../../common/constants";
import { AppError } from "../../errors";

/** The image of a multipart upload (field `photo`), at most PHOTO_MAX_BYTES; its content is checked later. */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, "not_an_image");
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError(400, "not_an_image");
  return part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, "file_too_large");
    throw err;
  });
}
