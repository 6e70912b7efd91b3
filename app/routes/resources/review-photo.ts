import { getCurrentSession } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { getReviewPhoto } from "~/server/db/reviews.server";
import type { PhotoSize } from "~/server/enquiries/enquiry-photos.server";
import { reviewPhotoKey } from "~/server/reviews/review-photos.server";
import { toResponseBody } from "~/server/storage/response-body.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/review-photo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TYPES: Record<PhotoSize, string> = { full: "image/jpeg", thumb: "image/webp" };

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * /reviews/photos/{photoId}/{full|thumb}: a review's photo, for everyone while the review is published, and for
 * admins (who decide on held reviews) always. Before publication, or once held, anyone else gets the same 404 as
 * for a photo that never existed. Shared caches may keep it for minutes only, so holding a review takes its photos
 * down soon.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const size = params.size as PhotoSize;
  if (!(size in TYPES) || !UUID.test(params.photoId)) return notFound();
  const photo = await getReviewPhoto(getDb(), params.photoId);
  if (!photo) return notFound();
  let cacheControl = "public, max-age=300";
  if (photo.status !== "published") {
    const current = await getCurrentSession(request);
    if (!current?.user.isAdmin || !current.user.emailVerified) return notFound();
    cacheControl = "private, no-store";
  }
  const object = await (await getStorage()).get(reviewPhotoKey(photo.reviewId, photo.id, size));
  if (!object) return notFound();
  const headers = new Headers({ "Content-Type": TYPES[size], "Cache-Control": cacheControl });
  if (object.size !== undefined) headers.set("Content-Length", String(object.size));
  return new Response(toResponseBody(request, object), { status: 200, headers });
}
