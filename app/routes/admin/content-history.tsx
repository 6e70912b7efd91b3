import { Form, Link } from "react-router";
import { SITE_DOCUMENTS, SITE_KIND, isSiteDocumentKey } from "~/lib/content/documents";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDocument, listVersions } from "~/server/content/document-store.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/content-history";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.label ?? "Content"}: history` }, { name: "robots", content: "noindex" }];
}

const REASONS: Record<string, string> = { publish: "Published", draft: "Draft kept before a restore", import: "Imported", seed: "Demo content the site came with" };
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  if (!isSiteDocumentKey(params.doc)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const ref = { kind: SITE_KIND, key: params.doc };
  const doc = await getDocument(getDb(), ref);
  if (!doc) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const versions = await listVersions(getDb(), ref);
  return {
    key: params.doc,
    label: SITE_DOCUMENTS[params.doc].label,
    revision: doc.revision,
    hasDraft: doc.draft !== null,
    versions: versions.map(({ id, reason, changedFields, createdAt, createdBy }) => ({ id, reason, changedFields, createdAt, createdBy })),
  };
}

/** Each publish of a document (and each draft set aside by a restore), newest first; Restore makes one the draft. */
export default function ContentHistory({ loaderData }: Route.ComponentProps) {
  const { key, label, revision, hasDraft, versions } = loaderData;
  return (
    <>
      <p className="mb-1">
        <Link to={`/manage/content/${key}`}>Back to {label}</Link>
      </p>
      <h1 className="h2">History: {label}</h1>
      <p>
        Restore makes a version your draft; the site changes only when you then publish it.
        {hasDraft ? " Your current draft is kept here as a version first." : ""}
      </p>
      <ol className="list-group content-history">
        {versions.map((version) => (
          <li key={version.id} className="list-group-item" data-testid="version">
            <p className="mb-1 fw-semibold">
              {REASONS[version.reason] ?? version.reason} {when.format(new Date(version.createdAt))}
              {version.createdBy ? ` by ${version.createdBy}` : ""}
            </p>
            <p className="mb-2 small">{version.changedFields.length > 0 ? `Changed: ${version.changedFields.join(", ")}` : "The first version."}</p>
            <Form method="post" action={`/manage/content/${key}`}>
              <input type="hidden" name="version" value={version.id} />
              <input type="hidden" name="revision" value={revision} />
              <button type="submit" name="intent" value="restore" className="btn btn-outline-primary">
                Restore<span className="visually-hidden"> the version of {when.format(new Date(version.createdAt))}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </>
  );
}
