import path from "node:path";
import type { Env } from "../env.server";

/** What the admin pages tell the owner about mail that cannot reach anyone; null when mail is set up. */
export type MailSetupProblem = {
  /** SMTP_URL is not set: every mail is written to this folder on the server instead of being sent. */
  outboxDir: string | null;
  /** PUBLIC_URL is not set: links in mail point at this address, which nobody else can open. */
  defaultPublicUrl: string | null;
};

export function getMailSetupProblem(env: Pick<Env, "smtpUrl" | "dataDir" | "publicUrl" | "publicUrlIsDefault">): MailSetupProblem | null {
  const outboxDir = env.smtpUrl ? null : path.join(env.dataDir, "outbox");
  const defaultPublicUrl = env.publicUrlIsDefault ? env.publicUrl : null;
  return outboxDir || defaultPublicUrl ? { outboxDir, defaultPublicUrl } : null;
}
