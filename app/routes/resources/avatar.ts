import { toResponseBody } from "~/server/storage/response-body.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/avatar";

/** Profile pictures. Each upload gets a new file name, so a year of caching is safe. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9_-]+\.webp$/.test(params.file)) throw new Response("Not found", { status: 404 });
  const object = await (await getStorage()).get(`profile-pics/${params.file}`);
  if (!object) throw new Response("Not found", { status: 404 });
  return new Response(toResponseBody(request, object), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      ...(object.size !== undefined ? { "Content-Length": String(object.size) } : {}),
    },
  });
}
