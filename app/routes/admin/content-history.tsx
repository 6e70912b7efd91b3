import { VersionHistory } from "~/components/content/version-history";
import { SITE_DOCUMENTS, SITE_KIND, isSiteDocumentKey } from "~/lib/content/documents";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDocumentHistory } from "~/server/content/document-store.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/content-history";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.label ?? "Content"}: history` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  if (!isSiteDocumentKey(params.doc)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const history = await getDocumentHistory(getDb(), { kind: SITE_KIND, key: params.doc });
  if (!history) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { key: params.doc, label: SITE_DOCUMENTS[params.doc].label, ...history };
}

export default function ContentHistory({ loaderData }: Route.ComponentProps) {
  const { key, label, revision, hasDraft, versions } = loaderData;
  const editorHref = `/manage/content/${key}`;
  return <VersionHistory title={label} back={{ href: editorHref, label }} editorHref={editorHref} revision={revision} hasDraft={hasDraft} versions={versions} />;
}
