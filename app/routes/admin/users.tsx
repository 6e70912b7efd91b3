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
      ? await deleteUserAsAdmin(db, await getStorage(), userId, user.id)
      : await setAdmin(db, userId, intent === "grant-admin");
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
      <Table responsive hover className="align-middle d-none d-lg-table">
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
            <UserRowView key={u.id} user={u} isSelf={u.id === currentUserId} layout="row" />
          ))}
        </tbody>
      </Table>
      {/* Phones and tablets: one card per account instead of a wide table. */}
      <ul className="list-unstyled d-lg-none">
        {users.map((u) => (
          <UserRowView key={u.id} user={u} isSelf={u.id === currentUserId} layout="card" />
        ))}
      </ul>
    </>
  );
}

type UserView = Route.ComponentProps["loaderData"]["users"][number];

function UserRowView({ user, isSelf, layout }: { user: UserView; isSelf: boolean; layout: "row" | "card" }) {
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

  const actions = (
    <>
      {user.isAdmin ? (
        <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => run("remove-admin")}>
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
    </>
  );
  const created = when.format(new Date(user.createdAt));
  const lastSignIn = user.lastLoginAt ? when.format(new Date(user.lastLoginAt)) : "never";
  const providers = user.providers.join(", ") || "—";

  if (layout === "card") {
    return (
      <li className="card mb-3" data-testid={`user-card-${user.email}`}>
        <div className="card-body">
          <h2 className="h6 card-title text-break">
            {user.email} {isSelf ? <Badge bg="secondary">you</Badge> : null}
          </h2>
          <dl className="row small mb-2">
            <dt className="col-5">Name</dt>
            <dd className="col-7 text-break">{user.name}</dd>
            <dt className="col-5">Verified</dt>
            <dd className="col-7">{user.emailVerified ? "Yes" : "No"}</dd>
            <dt className="col-5">Signs in with</dt>
            <dd className="col-7">{providers}</dd>
            <dt className="col-5">Created</dt>
            <dd className="col-7">{created}</dd>
            <dt className="col-5">Last sign-in</dt>
            <dd className="col-7">{lastSignIn}</dd>
            <dt className="col-5">Role</dt>
            <dd className="col-7">{user.isAdmin ? "Admin" : "Member"}</dd>
          </dl>
          {actions}
        </div>
      </li>
    );
  }
  return (
    <tr data-testid={`user-row-${user.email}`}>
      <td className="text-break">
        {user.email} {isSelf ? <Badge bg="secondary">you</Badge> : null}
      </td>
      <td className="text-break">{user.name}</td>
      <td>{user.emailVerified ? "Yes" : "No"}</td>
      <td>{providers}</td>
      <td>{created}</td>
      <td>{lastSignIn}</td>
      <td>{user.isAdmin ? "Admin" : "Member"}</td>
      <td className="text-nowrap">{actions}</td>
    </tr>
  );
}
