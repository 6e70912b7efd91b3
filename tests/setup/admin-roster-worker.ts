// One change to who is admin, made on a SQLite connection of its own in a thread of its own (see auth-rules.test.ts):
// better-sqlite3 waits for a lock by blocking its thread, so a second connection has to live on another thread for
// the first to go on meanwhile. Run with --import ./scripts/support/resolve-app-imports.ts.
import { parentPort, workerData } from "node:worker_threads";
import { changeAdminRole, deleteUserKeepingAnAdmin } from "~/server/auth/admin-role.server";
import { createDb } from "~/server/db/client.server";

export type RosterJob = { file: string; userId: string } & ({ op: "demote" } | { op: "delete"; self: boolean });
export type RosterMessage = { started: true } | { outcome: string } | { error: string };

const job = workerData as RosterJob;
// The server's own settings: WAL, foreign keys, and the busy timeout that makes a connection wait for the lock.
const db = createDb({ kind: "sqlite", file: job.file });
const post = (message: RosterMessage) => parentPort!.postMessage(message);
try {
  post({ started: true });
  post({ outcome: job.op === "demote" ? await changeAdminRole(db, job.userId, false) : await deleteUserKeepingAnAdmin(db, job.userId, job.self) });
} catch (error) {
  post({ error: String(error) });
} finally {
  await db.destroy();
}
