import { Form, Link } from "react-router";

export type VersionRow = { id: string; reason: string; changedFields: string[]; createdAt: string; createdBy: string | null };

type Props = {
  title: string;
  back: { href: string; label: string };
  /** The editor's address: Restore posts there (intent "restore"), as its own form would. */
  editorHref: string;
  revision: number;
  hasDraft: boolean;
  versions: VersionRow[];
  /** A changed field as the editor names it. */
  fieldLabel?: (name: string) => string;
};

const REASONS: Record<string, string> = { publish: "Published", draft: "Draft kept before a restore", import: "Imported", seed: "Demo content the site came with" };
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

/**
 * A document's history (a page's content, a project), newest first: each publish and each draft set aside by a
 * restore, with who, when and which fields changed. Restore makes one the draft; nothing is live until published.
 */
export function VersionHistory({ title, back, editorHref, revision, hasDraft, versions, fieldLabel = (name) => name }: Props) {
  return (
    <>
      <p className="mb-1">
        <Link to={back.href}>Back to {back.label}</Link>
      </p>
      <h1 className="h2">History: {title}</h1>
      <p>
        Restore makes a version your draft; the site changes only when you then publish it.
        {hasDraft ? " Your current draft is kept here as a version first." : ""}
      </p>
      {versions.length === 0 ? <p data-testid="no-versions">Nothing published yet: each publish is kept here.</p> : null}
      <ol className="list-group content-history">
        {versions.map((version) => (
          <li key={version.id} className="list-group-item" data-testid="version">
            <p className="mb-1 fw-semibold">
              {REASONS[version.reason] ?? version.reason} {when.format(new Date(version.createdAt))}
              {version.createdBy ? ` by ${version.createdBy}` : ""}
            </p>
            <p className="mb-2 small">{version.changedFields.length > 0 ? `Changed: ${version.changedFields.map(fieldLabel).join(", ")}` : "The first version."}</p>
            <Form method="post" action={editorHref}>
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
