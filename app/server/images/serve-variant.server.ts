import { z } from "zod";
import { FORMAT_CONTENT_TYPES, FORMAT_EXTENSIONS, VARIANT_NAMES, parseVariants } from "~/lib/image-variants";
import type { Db } from "../db/client.server";
import { getImage } from "../db/images.server";
import { toResponseBody } from "../storage/response-body.server";
import type { Storage } from "../storage/storage-contract.server";
import { getVariantKey } from "./image-files.server";

const EXTENSION_FORMATS = Object.fromEntries(Object.entries(FORMAT_EXTENSIONS).map(([format, ext]) => [ext, format]));

/**
 * The only shapes a media URL may have: a UUID and a known variant file name. Anything else (dots, slashes,
 * encoded traversal) fails here, before a storage key is ever built from it.
 */
const MediaParamsSchema = z.object({
  imageId: z.uuid(),
  variant: z
    .string()
    .regex(new RegExp(`^(${VARIANT_NAMES.join("|")})\\.(${Object.keys(EXTENSION_FORMATS).join("|")})$`))
    .transform((file) => {
      const [name, ext] = file.split(".") as [string, string];
      return { name, format: EXTENSION_FORMATS[ext] as keyof typeof FORMAT_CONTENT_TYPES };
    }),
});

const IMMUTABLE = "public, max-age=31536000, immutable";
// Without the current hash in the URL the response may change later: browsers revalidate with the ETag.
const REVALIDATE = "public, max-age=0, must-revalidate";

function notFound(): Response {
  return new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Streams a stored variant. Only variants recorded on an existing image are served, so orphaned files and
 * half-made work stay invisible. The Content-Type comes from the variant's format, never from the file;
 * X-Content-Type-Options: nosniff comes with every response of the app (app.server.ts), so it is not repeated here.
 */
export async function serveImageVariant(
  db: Db,
  storage: Storage,
  request: Request,
  params: { imageId?: string; variant?: string },
): Promise<Response> {
  const parsed = MediaParamsSchema.safeParse(params);
  if (!parsed.success) return notFound();
  const { imageId, variant: wanted } = parsed.data;
  const image = await getImage(db, imageId.toLowerCase());
  const variant = image && parseVariants(image.variants).find((v) => v.name === wanted.name && v.format === wanted.format);
  if (!image || !variant) return notFound();

  const etag = `"${variant.hash}"`;
  const headers = new Headers({
    "Content-Type": FORMAT_CONTENT_TYPES[variant.format],
    "Cache-Control": new URL(request.url).searchParams.get("v") === variant.hash ? IMMUTABLE : REVALIDATE,
    ETag: etag,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }

  const object = await storage.get(getVariantKey(image.id, variant));
  if (!object) return notFound();
  if (object.size !== undefined) headers.set("Content-Length", String(object.size));
  return new Response(toResponseBody(request, object), { status: 200, headers });
}
