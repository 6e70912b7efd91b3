import { getDb } from "~/server/db/client.server";
import { serveImageVariant } from "~/server/images/serve-variant.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/image";

/** /media/{imageId}/{variant}.{ext}?v={hash}: a stored image variant, cached for a year when the hash matches. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveImageVariant(getDb(), await getStorage(), request, params);
}
