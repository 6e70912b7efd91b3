import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { logger } from "~/server/logger.server";
import { LONGEST_SEND_MS, SMTP_TIMEOUTS, type Mailer, createMailer, getSmtpOptions } from "~/server/mail/mail.server";
import { CLAIM_MS, enqueueMail, sendDueMail } from "~/server/mail/outbox.server";
import { describeEachDialect } from "../setup/databases";

const CUSTOMER = "bea.customer@example.test";

/** nodemailer's own defaults: 2 min to connect, 30 s for the greeting, then up to 10 min of silence on the socket. */
const NODEMAILER_DEFAULT_LONGEST_MS = 2 * 60_000 + 30_000 + 10 * 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

await describeEachDialect("the mail outbox", (test) => {
  it("leaves a claimed mail alone for as long as the transport may still be sending it", async () => {
    await test.db.deleteFrom("mailOutbox").execute();
    const now = Date.now();
    await enqueueMail(test.db, [{ kind: "enquiry-customer", to: CUSTOMER, subject: "Your enquiry", text: "Thanks" }], new Date(now));
    const sent: string[] = [];
    let finish: () => void = () => {};
    // Instance A: its SMTP server accepted the connection and then went quiet.
    const stalled: Mailer = { send: () => new Promise((resolve) => (finish = () => resolve({ messageId: "a" }))) };
    const first = sendDueMail(test.db, stalled, {}, now);
    await vi.waitFor(async () => expect(Number((await test.db.selectFrom("mailOutbox").select("attempts").executeTakeFirstOrThrow()).attempts)).toBe(1));

    // Instance B looks while A's send could still be going out, however long the transport is allowed to take.
    const other: Mailer = { send: async (message) => (sent.push(message.to), { messageId: "b" }) };
    for (const later of [NODEMAILER_DEFAULT_LONGEST_MS, LONGEST_SEND_MS]) expect(await sendDueMail(test.db, other, {}, now + later + 1_000)).toBe(0);
    expect(sent).toEqual([]);
    finish();
    await first;
    expect((await test.db.selectFrom("mailOutbox").select("status").executeTakeFirstOrThrow()).status).toBe("sent");
  });

  it("gives the SMTP transport explicit timeouts, all shorter together than the claim", () => {
    expect(getSmtpOptions("smtp://mail.example.test:587")).toMatchObject({ url: "smtp://mail.example.test:587", ...SMTP_TIMEOUTS });
    for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout", "dnsTimeout"] as const) expect(SMTP_TIMEOUTS[key]).toBeGreaterThan(0);
    expect(LONGEST_SEND_MS).toBeLessThan(CLAIM_MS);
  });

  it("logs the outbox id and kind of a mail, never the customer's address or the subject", async () => {
    await test.db.deleteFrom("mailOutbox").execute();
    await enqueueMail(test.db, [{ kind: "enquiry-customer", to: CUSTOMER, subject: "Your enquiry Q-12345678, Bea", text: "Thanks" }]);
    const { id } = await test.db.selectFrom("mailOutbox").select("id").executeTakeFirstOrThrow();
    const lines: unknown[] = [];
    for (const level of ["info", "warn", "error", "debug"] as const) vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
    const mailer = createMailer({ dataDir: mkdtempSync(path.join(os.tmpdir(), "outbox-log-")), mailFrom: "Site <site@example.test>" });
    expect(await sendDueMail(test.db, mailer)).toBe(1);

    // And a refusal that quotes the address is logged without it.
    await enqueueMail(test.db, [{ kind: "enquiry-owner", to: CUSTOMER, subject: "New enquiry", text: "..." }]);
    const refusing: Mailer = { send: async () => Promise.reject(new Error(`550 5.1.1 <${CUSTOMER}>: Recipient address rejected`)) };
    expect(await sendDueMail(test.db, refusing)).toBe(1);

    const logged = JSON.stringify(lines);
    expect(logged).toContain(id);
    expect(logged).toContain("enquiry-customer");
    expect(logged).toContain("enquiry-owner");
    expect(logged).not.toContain(CUSTOMER);
    expect(logged).not.toContain("Q-12345678");
  });
});
