import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../db/client.server";
import type { Database, OutboxMail } from "../db/schema.server";
import { logger } from "../logger.server";
import { LONGEST_SEND_MS, type Mailer } from "./mail.server";

/**
 * The durable mail outbox. A message is a row written in the same transaction as whatever it is about, so it is
 * never lost and never sent for something that was not saved. A worker sends due rows, and a failure (the SMTP
 * server down, say) is retried later with a growing back-off, up to `maxAttempts` tries; then the row is marked failed
 * and the admin inbox says so.
 */

export type OutboxMessage = { kind: string; enquiryId?: string | null; to: string; replyTo?: string | null; subject: string; text: string };

export async function enqueueMail(db: Kysely<Database>, messages: OutboxMessage[], now = new Date()): Promise<void> {
  if (messages.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto("mailOutbox")
    .values(
      messages.map((m) => ({
        id: randomUUID(),
        kind: m.kind,
        enquiryId: m.enquiryId ?? null,
        to: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        text: m.text,
        status: "pending" as const,
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        sentAt: null,
        createdAt: at,
      })),
    )
    .execute();
}

export type OutboxOptions = {
  /** How often the worker looks for due mail when nothing woke it. */
  pollMs?: number;
  /** The first retry waits this long; each further one twice as long, up to maxBackoffMs. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  maxAttempts?: number;
  /** Rows sent per pass. */
  batchSize?: number;
};

const DEFAULTS: Required<OutboxOptions> = {
  pollMs: 15_000,
  retryBaseMs: 30_000,
  maxBackoffMs: 6 * 60 * 60 * 1000,
  maxAttempts: 12,
  batchSize: 10,
};

/**
 * While a row is being sent its next attempt is pushed this far ahead, so another process leaves it alone: longer
 * than the transport can take over one send, so a claim never lapses while its send may still go out.
 */
export const CLAIM_MS = LONGEST_SEND_MS + 5 * 60 * 1000;

const ADDRESS = /[^\s<>"'@,;:]+@[^\s<>"'@,;:]+/g;

export function backoffMs(attempts: number, options: Pick<Required<OutboxOptions>, "retryBaseMs" | "maxBackoffMs">): number {
  return Math.min(options.maxBackoffMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/** Claims a due row for this process: true when the update found it unchanged since it was read. */
async function claim(db: Db, row: Pick<OutboxMail, "id" | "nextAttemptAt">, now: number): Promise<boolean> {
  const result = await db
    .updateTable("mailOutbox")
    .set((eb) => ({ nextAttemptAt: new Date(now + CLAIM_MS).toISOString(), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .where("nextAttemptAt", "=", row.nextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sends what is due now, at most batchSize rows; returns how many were attempted. */
export async function sendDueMail(db: Db, mailer: Mailer, options: OutboxOptions = {}, now = Date.now()): Promise<number> {
  const settings = { ...DEFAULTS, ...options };
  const due = await db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", new Date(now).toISOString())
    .orderBy("nextAttemptAt")
    .limit(settings.batchSize)
    .execute();
  let attempted = 0;
  for (const row of due) {
    if (!(await claim(db, row, now))) continue;
    attempted++;
    const attempts = Number(row.attempts) + 1;
    try {
      const result = await mailer.send({ to: row.to, subject: row.subject, text: row.text, replyTo: row.replyTo ?? undefined }, { mailId: row.id, kind: row.kind });
      // Written to a file rather than sent (no SMTP_URL): recorded as such, so the admin is never told it was sent.
      const status = result.outboxFile ? "filed" : "sent";
      await db.updateTable("mailOutbox").set({ status, sentAt: new Date().toISOString(), lastError: null }).where("id", "=", row.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= settings.maxAttempts;
      await db
        .updateTable("mailOutbox")
        .set({
          status: failed ? "failed" : "pending",
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts, settings)).toISOString(),
        })
        .where("id", "=", row.id)
        .execute();
      // A server's refusal often quotes the recipient: the log gets the reason without any address.
      logger.warn({ mailId: row.id, kind: row.kind, attempts, failed, err: message.replace(ADDRESS, "[address]") }, failed ? "mail given up" : "mail failed, will retry");
    }
  }
  return attempted;
}

export type OutboxWorker = {
  /** Looks for due mail now (after an enquiry is saved), rather than at the next poll. */
  wake(): void;
  /** Resolves when a pass that is running has finished; stops polling. */
  stop(): Promise<void>;
};

/** A loop with a bound: one pass at a time, at most batchSize rows per pass, sleeping pollMs between passes. */
export function startOutboxWorker(db: Db, mailer: Mailer, options: OutboxOptions = {}): OutboxWorker {
  const settings = { ...DEFAULTS, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let full = false;
      try {
        full = (await sendDueMail(db, mailer, settings)) >= settings.batchSize;
      } catch (error) {
        logger.error({ err: error }, "mail outbox pass failed");
      }
      running = undefined;
      const soon = full || again;
      again = false;
      schedule(soon ? 0 : settings.pollMs);
    })();
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
