import { getEnv } from "~/server/env.server";
import { renderRobots } from "~/server/seo/crawlers.server";

export function loader() {
  return new Response(renderRobots(getEnv().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
