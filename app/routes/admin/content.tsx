import { Link } from "react-router";
import { SITE_DOCUMENTS, SITE_DOCUMENT_KEYS, SITE_KIND } from "~/lib/content/documents";
import { requireAdminPage } from "~/server/auth/guards.server";
import { listDocuments } from "~/server/content/document-store.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/content";

export function meta() {
  return [{ title: "Content" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const documents = new Map((await listDocuments(getDb(), SITE_KIND)).map((doc) => [doc.key, doc]));
  return {
    documents: SITE_DOCUMENT_KEYS.map((key) => {
      const doc = documents.get(key);
      return { key, label: SITE_DOCUMENTS[key].label, hasDraft: doc?.draft !== null && doc?.draft !== undefined, demo: !doc || doc.publishedBy === null };
    }),
  };
}

/** The content editor's front page: every part of the site's text, with what state it is in. */
export default function Content({ loaderData }: Route.ComponentProps) {
  const { documents } = loaderData;
  const demo = documents.some((doc) => doc.demo);
  return (
    <>
      <h1 className="h2">Content</h1>
      <p>Change your business details, your services and the text of every page. Changes are kept as a draft until you press Publish.</p>
      {demo ? (
        <p className="alert alert-info">
          Parts marked <strong>demo content</strong> still hold the example texts the site came with.
        </p>
      ) : null}
      <ul className="list-group content-list">
        {documents.map((doc) => (
          <li key={doc.key} className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between">
            <Link to={`/manage/content/${doc.key}`} className="content-list-link">
              {doc.label}
            </Link>
            <span className="d-flex gap-1">
              {doc.hasDraft ? <span className="badge text-bg-warning">Draft not published</span> : null}
              {doc.demo ? <span className="badge text-bg-info">Demo content</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
