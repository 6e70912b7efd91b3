import { Link } from "react-router";
import { SITE_DOCUMENTS, isSiteDocumentKey } from "~/lib/content/documents";
import { requireAdminPage } from "~/server/auth/guards.server";
import type { Route } from "./+types/content-preview";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.label ?? "Content"}: preview` }, { name: "robots", content: "noindex" }];
}

/** The widths the preview is shown at: a small phone, and a desktop (in a frame that scrolls sideways on a phone). */
const WIDTHS = [
  { name: "Phone", width: 360, height: 720 },
  { name: "Desktop", width: 1280, height: 800 },
] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  if (!isSiteDocumentKey(params.doc)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const path = SITE_DOCUMENTS[params.doc].pages[0];
  return { key: params.doc, label: SITE_DOCUMENTS[params.doc].label, path, src: `${path}?preview=1` };
}

/**
 * The draft shown by the real public page (?preview=1) in two frames of fixed widths, side by side where the screen
 * allows. No JavaScript: the frames are plain iframes; the site lets only admins' previews be framed, by itself.
 */
export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { key, label, path, src } = loaderData;
  return (
    <>
      <p className="mb-1">
        <Link to={`/manage/content/${key}`}>Back to {label}</Link>
      </p>
      <h1 className="h2">Preview: {label}</h1>
      <p>
        {path} with your draft, as a phone and a desktop show it. <a href={src}>Open the preview on its own</a>.
      </p>
      <div className="preview-frames">
        {WIDTHS.map(({ name, width, height }) => (
          <figure key={name} className="preview-frame">
            <figcaption>
              {name} ({width} px)
            </figcaption>
            {/* A region that scrolls sideways on a phone: focusable so that a keyboard can scroll it (axe's rule). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="preview-frame-scroll" role="region" aria-label={`${name} preview, scrolls sideways`} tabIndex={0}>
              <iframe src={src} title={`${name} preview of ${path}`} width={width} height={height} loading="lazy" />
            </div>
          </figure>
        ))}
      </div>
    </>
  );
}
