import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, type ImageKind } from "~/shared/images";
import { PUBLIC, roles } from "../../platform/access";
import { AppError, invalid } from "../../platform/errors";
import { readMultipart, type UploadedFile } from "../../platform/multipart";
import { readImage, storeImage } from "./service";

const imageUrlSchema = z.object({ imageUrl: z.string() });

async function uploadedImage(request: FastifyRequest, reply: FastifyReply): Promise<UploadedFile> {
  // "less than 5MB": a file of exactly 5 MB is already too large.
  const form = await readMultipart(request, reply, { files: { image: { maxBytes: IMAGE_MAX_BYTES - 1, tooLarge: IMAGE_MESSAGES.tooLarge } } });
  const image = form.files.image;
  if (!image) throw invalid("image", IMAGE_MESSAGES.missing);
  return image;
}

export async function imageRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["images"];
  const upload = (kind: ImageKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const image = await uploadedImage(request, reply);
    // The image waited on disk until the whole form arrived: its bytes are in memory only from here.
    return image.withBytes((data) => storeImage(app.db, kind, data));
  };

  api.post("/api/upload/simulation-image", {
    config: roles("content"),
    schema: { tags, summary: "Upload a simulation image (multipart field image; JPEG, PNG, GIF or WebP under 5 MB)", response: { 200: imageUrlSchema } },
    handler: upload("simulation-image"),
  });

  api.post("/api/upload/mentor-image", {
    config: roles("content"),
    schema: { tags, summary: "Upload a mentor image (multipart field image; JPEG, PNG, GIF or WebP under 5 MB)", response: { 200: imageUrlSchema } },
    handler: upload("mentor-image"),
  });

  api.get("/api/images/:name", {
    config: PUBLIC,
    schema: {
      tags,
      summary: "A stored image at one width; the URL names its content, so it is cached for a year",
      params: z.object({ name: z.string().regex(/^[0-9a-f]{32}-\d{1,4}\.webp$/, "Unknown image") }),
    },
    handler: async (request, reply) => {
      const [key, width] = request.params.name.replace(".webp", "").split("-") as [string, string];
      const image = await readImage(app.db, key, Number(width));
      if (!image) throw new AppError("not_found", "Image not found");
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("content-type", image.contentType);
      return reply.send(image.data);
    },
  });
}
