import { useEffect } from "react";
import { Badge, Button, Table } from "react-bootstrap";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import { useModal } from "~/components/modal/modal-host";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { deleteUserAsAdmin, listUsersForAdmin, setAdmin } from "~/server/auth/users-admin.server";
import { getDb } from "~/server/db/client.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users" }, { name: "robots", content: "noindex" }];
}

const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant-admin"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("remove-admin"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), userId: z.string().min(1) }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdminPage(request);
  return { users: await listUsersForAdmin(getDb()), currentUserId: user.id };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const parsed = UserActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: "That request was not understood." }, { status: 400 });
  const db = getDb();
  const { intent, userId } = parsed.data;
  const result =
    intent === "delete"
      ? await deleteUserAsAdmin(db, request, await getStorage(), userId, user.id)
      : await setAdmin(db, request, userId, intent === "grant-admin");
  if (!result.ok) return data({ ok: false, message: result.message }, { status: result.status });
  return { ok: true, message: "" };
}

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, currentUserId } = loaderData;
  return (
    <>
      <h1 className="h2">Users</h1>
      <p className="text-body-secondary">{users.length === 1 ? "1 account" : `${users.length} accounts`}</p>
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Name</th>
            <th scope="col">Verified</th>
            <th scope="col">Signs in with</th>
            <th scope="col">Created</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <UserRowView key={u.id} user={u} isSelf={u.id === currentUserId} />
          ))}
        </tbody>
      </Table>
    </>
  );
}

function UserRowView({ user, isSelf }: { user: Route.ComponentProps["loaderData"]["users"][number]; isSelf: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const modal = useModal();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) void modal.info({ title: "Error", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data, modal]);

  const run = async (intent: "grant-admin" | "remove-admin" | "delete") => {
    const texts = {
      "grant-admin": { title: "Make admin?", message: `${user.email} will be able to manage galleries and users.`, label: "Make admin" },
      "remove-admin": { title: "Remove admin?", message: `${user.email} will become a member.`, label: "Remove admin" },
      delete: { title: "Delete user?", message: `${user.email} and their account data will be deleted. This cannot be undone.`, label: "Delete user" },
    }[intent];
    const ok = await modal.confirm({ title: texts.title, message: texts.message, confirmLabel: texts.label, danger: intent !== "grant-admin" });
    if (ok) void fetcher.submit({ intent, userId: user.id }, { method: "post" });
  };

  return (
    <tr data-testid={`user-row-${user.email}`}>
      <td className="text-break">
        {user.email} {isSelf ? <Badge bg="secondary">you</Badge> : null}
      </td>
      <td className="text-break">{user.name}</td>
      <td>{user.emailVerified ? "Yes" : "No"}</td>
      <td>{user.providers.join(", ") || "—"}</td>
      <td>{when.format(new Date(user.createdAt))}</td>
      <td>{user.lastLoginAt ? when.format(new Date(user.lastLoginAt)) : "never"}</td>
      <td>{user.isAdmin ? "Admin" : "Member"}</td>
      <td className="text-nowrap">
        {user.isAdmin ? (
          <Button size="sm" variant="outline-warning" disabled={busy} onClick={() => run("remove-admin")}>
            Remove admin
          </Button>
        ) : (
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => run("grant-admin")}>
            Make admin
          </Button>
        )}{" "}
        {isSelf ? null : (
          <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => run("delete")}>
            Delete
          </Button>
        )}
      </td>
    </tr>
  );
}
