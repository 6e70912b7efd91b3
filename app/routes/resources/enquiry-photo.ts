import { getCurrentSession } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { getEnquiryPhoto } from "~/server/db/enquiries.server";
import { type PhotoSize, enquiryPhotoKey } from "~/server/enquiries/enquiry-photos.server";
import { toResponseBody } from "~/server/storage/response-body.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/enquiry-photo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TYPES: Record<PhotoSize, string> = { full: "image/jpeg", thumb: "image/webp" };

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * /manage/enquiries/{id}/photos/{photoId}/{full|thumb}: a customer's photo, for admins only. Anyone else gets the
 * same 404 as for a photo that does not exist, so the address says nothing about what is there. Never cached by
 * shared caches.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const current = await getCurrentSession(request);
  if (!current?.user.isAdmin || !current.user.emailVerified) return notFound();
  const size = params.size as PhotoSize;
  if (!(size in TYPES) || !UUID.test(params.id) || !UUID.test(params.photoId)) return notFound();
  const photo = await getEnquiryPhoto(getDb(), params.id, params.photoId);
  if (!photo) return notFound();
  const object = await (await getStorage()).get(enquiryPhotoKey(photo.enquiryId, photo.id, size));
  if (!object) return notFound();
  const headers = new Headers({ "Content-Type": TYPES[size], "Cache-Control": "private, max-age=3600" });
  if (object.size !== undefined) headers.set("Content-Length", String(object.size));
  return new Response(toResponseBody(request, object), { status: 200, headers });
}
