import type {} from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PHOTO_MAX_BYTES } from "../../../common/constants";
import { okSchema } from "../../../common/schemas/auth";
import { photoIdQuerySchema, photoResponseSchema } from "../../../common/schemas/members";
import { AppError, notFound, unauthorized } from "../../errors";
import { viewerOf } from "../members/members.routes";
import type { PhotosService } from "./photos.service";

export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService; onChanged: (userId: number) => Promise<void> }> = async (app, { photos, onChanged }) => {
  app.get("/photos/:file", { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } }, async (request, reply) => {
    const found = await photos.file(request.params.file, viewerOf(request));
    if (!found) throw notFound();
    // Locked photos differ per viewer: never in a shared cache.
    return reply
      .type("image/jpeg")
      .header("cache-control", found.isPublic ? "public, max-age=31536000, immutable" : "private, max-age=3600")
      .header("x-content-type-options", "nosniff")
      .send(found.body);
  });

  app.post(
    "/api/photos.php",
    {
      schema: { tags: ["photos"], summary: "Upload a photo (multipart/form-data, field `photo`)", consumes: ["multipart/form-data"], response: { 200: photoResponseSchema } },
    },
    async (request) => {
      const member = request.member;
      if (!member) throw unauthorized();
      if (!request.isMultipart()) throw new AppError(400, "not_an_image");
      const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!part) throw new AppError(400, "not_an_image");
      const body = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, "file_too_large");
        throw err;
      });
      const photo = await photos.upload(member, body);
      await onChanged(member.user.id);
      return { photo };
    },
  );

  app.delete(
    "/api/photos.php",
    { schema: { tags: ["photos"], summary: "Delete an own photo", querystring: photoIdQuerySchema, response: { 200: okSchema } } },
    async (request) => {
      const member = request.member;
      if (!member) throw unauthorized();
      await photos.remove(member, request.query.id);
      await onChanged(member.user.id);
      return { ok: true as const };
    },
  );
};
