import { VersionHistory } from "~/components/content/version-history";
import { PROJECT_FIELD_LABELS, PROJECT_KIND, type ProjectDraft } from "~/lib/projects/project";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDocument, getDocumentHistory } from "~/server/content/document-store.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/project-history";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Project"}: history` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const ref = { kind: PROJECT_KIND, key: params.id };
  const [doc, history] = await Promise.all([getDocument(getDb(), ref), getDocumentHistory(getDb(), ref)]);
  if (!doc || !history) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { id: params.id, title: ((doc.draft ?? doc.published) as ProjectDraft).title || "New project", ...history };
}

export default function ProjectHistory({ loaderData }: Route.ComponentProps) {
  const { id, title, revision, hasDraft, versions } = loaderData;
  const editorHref = `/manage/projects/${id}`;
  return (
    <VersionHistory
      title={title}
      back={{ href: editorHref, label: title }}
      editorHref={editorHref}
      revision={revision}
      hasDraft={hasDraft}
      versions={versions}
      fieldLabel={(name) => PROJECT_FIELD_LABELS[name] ?? name}
    />
  );
}
