import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Db } from "~/server/db/client.server";
import { getEnquiry, listEnquiries, updateEnquiryStatus } from "~/server/db/enquiries.server";
import { enquiryPhotoKey } from "~/server/enquiries/enquiry-photos.server";
import { sweepEnquiries } from "~/server/enquiries/enquiry-jobs.server";
import { BROWSER_COOKIE, createBrowserToken, createFormTimestamp, fallbackQuestion } from "~/server/enquiries/form-guard.server";
import { decodeQueue } from "~/server/images/decode-queue.server";
import { getSeedConfig } from "~/server/site-config.server";
import { createPowChallenge } from "~/server/enquiries/proof-of-work.server";
import { type QuoteOutcome, receiveQuote } from "~/server/enquiries/receive-quote.server";
import { createMailer } from "~/server/mail/mail.server";
import { sendDueMail } from "~/server/mail/outbox.server";
import { LocalStorage } from "~/server/storage/local.server";
import { S3Storage } from "~/server/storage/s3.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { readAll } from "~/server/storage/read-all.server";
import { type DialectKind, describeEachDialect } from "../setup/databases";
import { type TestS3, startS3Server } from "../setup/s3";
import { startSmtpServer } from "../setup/smtp";
import { quoteBody, quoteFields, solvePow } from "../support/quote-form";

// Read once by getEnv(), before any module asks for it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "enquiries-test-"));
process.env.DATA_DIR = dataDir;
process.env.OWNER_EMAIL = "owner@trade.test";
process.env.ENQUIRY_LIMIT_PER_IP = "3";

const s3 = await startS3Server();
let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;

async function post(db: Db, storage: Storage, fields: Record<string, string>, photos: Parameters<typeof quoteBody>[1] = [], ip = nextIp(), headers: Record<string, string> = {}) {
  const request = new Request("http://site.test/contact/quote", { method: "POST", body: await quoteBody(fields, photos), headers });
  return receiveQuote(request, { db, storage, ip });
}

/** Sets the count of enquiries from everyone together in the current hour (ENQUIRY_LIMIT_SITE is 60 here). */
async function setSiteCount(db: Db, count: number) {
  await db.deleteFrom("requestLimit").where("key", "=", "enquiry:site").execute();
  await db.insertInto("requestLimit").values({ key: "enquiry:site", count, windowStart: Date.now() }).execute();
}

/** A form rendered ten seconds ago, with a solved proof of work. */
async function goodFields(overrides: Record<string, string> = {}) {
  return quoteFields({ started: createFormTimestamp(Date.now() - 10_000), altcha: await solvePow(await createPowChallenge()), ...overrides });
}

function refused(outcome: QuoteOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return outcome;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// SQLite with the local folder, PostgreSQL with S3: both databases and both storage backends.
const useS3 = (kind: DialectKind) => kind === "postgres" && s3.server !== undefined;

await describeEachDialect((kind) => `enquiries with ${useS3(kind) ? "S3" : "a local folder"}`, (test) => {
  let storage: Storage;

  beforeAll(async () => {
    storage = useS3(test.kind) ? new S3Storage((s3.server as TestS3).config) : new LocalStorage(path.join(dataDir, `storage-${test.kind}`));
  });

  it("stores a quote with two photos in one go, with GPS and EXIF gone from the stored copies, and queues its mail", async () => {
    const outcome = await post(test.db, storage, await goodFields(), ["exif-rotated.jpg", "landscape.jpg"]);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.reference).toMatch(/^Q-[0-9A-Z]{8}$/);
    const enquiry = await getEnquiry(test.db, outcome.enquiryId);
    expect(enquiry).toMatchObject({ name: "Jo Bloggs", postcode: "PE1 1AA", serviceName: "Plastering", status: "new", readAt: null });
    expect(enquiry!.photos.map((p) => p.originalName)).toEqual(["exif-rotated.jpg", "landscape.jpg"]);
    // The phone photo was stored sideways with orientation 6: it is now upright, and carries no metadata at all.
    const stored = await readAll((await storage.get(enquiryPhotoKey(outcome.enquiryId, enquiry!.photos[0]!.id, "full")))!.body);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.height).toBeGreaterThan(meta.width!);
    expect(enquiry!.mail.map((m) => [m.kind, m.to, m.status])).toEqual([
      ["enquiry-owner", "owner@trade.test", "pending"],
      ["enquiry-customer", "jo@customer.test", "pending"],
    ]);
  });

  it("the acknowledgement to the customer relays nothing typed: the reference and what happens next, replies going to the business", async () => {
    const outcome = await post(test.db, storage, await goodFields({ name: "Visit https://spam.example now", description: "Cheap pills at https://spam.example, best prices, click here today." }));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const mail = await test.db.selectFrom("mailOutbox").select(["kind", "replyTo", "subject", "text"]).where("enquiryId", "=", outcome.enquiryId).execute();
    const customer = mail.find((m) => m.kind === "enquiry-customer")!;
    expect(customer.replyTo).toBe(getSeedConfig().business.email);
    expect(customer.subject).toContain(outcome.reference);
    expect(customer.text).toContain(outcome.reference);
    expect(customer.text).toMatch(/reply within two working days/);
    expect(`${customer.subject}\n${customer.text}`).not.toContain("spam.example");
    expect(customer.text).not.toMatch(/pe1 1aa|Kind of work|Description|Name:/i);
    // The owner's notification still has it all, and replies to it go to the customer.
    const owner = mail.find((m) => m.kind === "enquiry-owner")!;
    expect(owner.text).toContain("Cheap pills at https://spam.example");
    expect(owner.replyTo).toBe("jo@customer.test");
  });

  it("the site-wide limit counts only posts that passed the proof of work: unsolved posts cannot close the form", async () => {
    await setSiteCount(test.db, 59);
    try {
      // Posts from many addresses that never solved the proof of work, each within its own address's limit.
      for (let i = 0; i < 20; i++) {
        const outcome = refused(await post(test.db, storage, quoteFields({ started: createFormTimestamp(Date.now() - 10_000), altcha: i % 2 ? "" : "bm90IGEgcGF5bG9hZA==" })));
        expect(outcome.status).toBe(400);
      }
      expect((await post(test.db, storage, await goodFields())).ok).toBe(true);
      // That was the 60th of the hour: the next solved post is refused, its proof of work given back.
      const fields = await goodFields({ name: "Sixty One" });
      const over = refused(await post(test.db, storage, fields));
      expect(over.status).toBe(429);
      expect(over.errors.form).toMatch(/A lot of enquiries are arriving just now/);
      await setSiteCount(test.db, 0);
      expect((await post(test.db, storage, fields)).ok).toBe(true);
    } finally {
      await test.db.deleteFrom("requestLimit").where("key", "=", "enquiry:site").execute();
    }
  });

  it("one solved proof of work sent many times at once decodes the photos of one copy only", async () => {
    const decodes = vi.spyOn(decodeQueue, "run");
    try {
      expect((await post(test.db, storage, await goodFields(), ["landscape.jpg"])).ok).toBe(true);
      const perPost = decodes.mock.calls.length;
      expect(perPost).toBeGreaterThan(0);
      decodes.mockClear();
      const fields = await goodFields();
      const copies = await Promise.all(Array.from({ length: 6 }, () => post(test.db, storage, fields, ["landscape.jpg"])));
      expect(copies.filter((c) => c.ok)).toHaveLength(1);
      expect(copies.filter((c) => !c.ok).map((c) => refused(c).errors.form)).toEqual(Array.from({ length: 5 }, () => expect.stringMatching(/already sent once|spam check/)));
      expect(decodes.mock.calls.length).toBe(perPost);
    } finally {
      decodes.mockRestore();
    }
  });

  it("a photo that is not a picture gives the proof of work and the site-wide count back: the customer sends again with the same", async () => {
    await setSiteCount(test.db, 59);
    try {
      const fields = await goodFields();
      const photo = refused(await post(test.db, storage, fields, ["not-really.jpg"]));
      expect(photo.status).toBe(400);
      expect(photo.errors.photos).toMatch(/^"not-really.jpg": /);
      expect(photo.powRefused).toBe(false);
      // The same solved proof of work, and still within the 60 of the hour.
      expect((await post(test.db, storage, fields, ["landscape.jpg"])).ok).toBe(true);
    } finally {
      await test.db.deleteFrom("requestLimit").where("key", "=", "enquiry:site").execute();
    }
  });

  it("without JavaScript, two browsers answering the same kept page's question are both accepted; one browser's answer is used once", async () => {
    // A kept /contact: one timestamp and one question for everyone. Each browser has its own value (its cookie).
    const started = createFormTimestamp(Date.now() - 10_000);
    const { answer } = fallbackQuestion(started);
    const browser = () => ({ cookie: `visited=3; ${BROWSER_COOKIE}=${createBrowserToken()}` });
    const first = browser();
    const fields = (name: string) => quoteFields({ started, check: String(answer), name });
    expect((await post(test.db, storage, fields("First Browser"), [], nextIp(), first)).ok).toBe(true);
    expect((await post(test.db, storage, fields("Second Browser"), [], nextIp(), browser())).ok).toBe(true);
    const again = refused(await post(test.db, storage, fields("First Browser"), [], nextIp(), first));
    expect(again.errors.form).toMatch(/already sent once/);
    // A value this site did not sign counts as none.
    const forged = { cookie: `${BROWSER_COOKIE}=${"a".repeat(22)}.${"b".repeat(32)}` };
    expect((await post(test.db, storage, fields("Forged"), [], nextIp(), forged)).ok).toBe(true);
    expect(refused(await post(test.db, storage, fields("Forged Again"), [], nextIp(), { cookie: `${BROWSER_COOKIE}=${"c".repeat(22)}.${"d".repeat(32)}` })).errors.form).toMatch(/already sent once/);
  });

  it("refuses a filled honeypot, a post under 3 s, a form over a day old and a missing proof of work, keeping what was typed", async () => {
    // Each form is made just before it is sent: solving a proof of work takes a moment.
    const cases: [() => Promise<Record<string, string>>, RegExp][] = [
      [() => goodFields({ website: "http://spam.example" }), /field that people leave empty/],
      [async () => ({ ...(await goodFields()), started: createFormTimestamp(Date.now() - 1_000) }), /wait a moment and send again/],
      [() => goodFields({ started: createFormTimestamp(Date.now() - 25 * 60 * 60 * 1000) }), /more than a day/],
      [() => goodFields({ altcha: "" }), /answer the question/],
      [() => goodFields({ altcha: "bm90IGEgcGF5bG9hZA==" }), /spam check did not pass/],
    ];
    const before = (await listEnquiries(test.db, null)).length;
    for (const [make, message] of cases) {
      const fields = await make();
      const outcome = await post(test.db, storage, fields, ["landscape.jpg"]);
      expect(outcome.ok, String(message)).toBe(false);
      const refusal = refused(outcome);
      expect(refusal.status).toBe(400);
      expect(refusal.errors.form).toMatch(message);
      expect(refusal.values).toMatchObject({ name: "Jo Bloggs", postcode: "pe1 1aa", description: fields.description });
      expect(refusal.photosSent).toBe(1);
    }
    expect((await listEnquiries(test.db, null)).length).toBe(before);
  });

  it("accepts a proof of work once; the replay is refused", async () => {
    const fields = await goodFields();
    expect((await post(test.db, storage, fields)).ok).toBe(true);
    const replay = refused(await post(test.db, storage, fields));
    expect(replay.errors.form).toMatch(/spam check/);
    expect(replay.powRefused).toBe(true);
  });

  it("without JavaScript, the right answer to the question stands in for the proof of work, once", async () => {
    const started = createFormTimestamp(Date.now() - 10_000);
    const { answer } = fallbackQuestion(started);
    const wrong = refused(await post(test.db, storage, quoteFields({ started, check: String(answer + 1) })));
    expect(wrong.errors.form).toMatch(/answer .* was not right/);
    expect((await post(test.db, storage, quoteFields({ started, check: String(answer) }))).ok).toBe(true);
    const again = refused(await post(test.db, storage, quoteFields({ started, check: String(answer) })));
    expect(again.errors.form).toMatch(/already sent once/);
    expect(again.started).not.toBe(started);
  });

  it("explains field mistakes and photos that are not pictures", async () => {
    const fields = refused(await post(test.db, storage, await goodFields({ email: "", phone: "", postcode: "nowhere", description: "" })));
    expect(fields.errors).toMatchObject({
      email: expect.stringMatching(/e-mail address or a phone number/),
      postcode: expect.stringMatching(/postcode/),
      description: expect.stringMatching(/describe the job/),
    });
    const photo = refused(await post(test.db, storage, await goodFields(), ["not-really.jpg"]));
    expect(photo.errors.photos).toMatch(/^"not-really.jpg": /);
  });

  it("refuses a burst from one address over the hourly limit, with the form kept", async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await post(test.db, storage, await goodFields(), [], ip)).ok).toBe(true);
    const over = refused(await post(test.db, storage, await goodFields({ name: "Fourth" }), ["landscape.jpg"], ip));
    expect(over.status).toBe(429);
    expect(over.photosSent).toBe(1);
    expect(over.errors.form).toMatch(/wait a while and send again/);
    expect(over.values.name).toBe("Fourth");
    expect((await post(test.db, storage, await goodFields())).ok).toBe(true);
  });

  it("with the SMTP server down the mail waits in the outbox, and goes once the server is back", async () => {
    const outcome = await post(test.db, storage, await goodFields({ email: "", phone: "07700 900123" }));
    if (!outcome.ok) throw new Error("not saved");
    await test.db.updateTable("mailOutbox").set({ status: "sent" }).where("enquiryId", "!=", outcome.enquiryId).execute();
    const port = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Site <site@trade.test>", dataDir });
    expect(await sendDueMail(test.db, mailer)).toBe(1);
    let mail = (await getEnquiry(test.db, outcome.enquiryId))!.mail;
    expect(mail).toEqual([expect.objectContaining({ kind: "enquiry-owner", status: "pending", attempts: 1 })]);
    expect(mail[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Not due again until its back-off has passed.
    expect(await sendDueMail(test.db, mailer)).toBe(0);

    const smtp = await startSmtpServer(port);
    try {
      expect(await sendDueMail(test.db, mailer, {}, Date.now() + 60_000)).toBe(1);
      const received = await smtp.waitFor((m) => m.subject.includes(outcome.reference));
      expect(received.to).toEqual(["owner@trade.test"]);
      expect(received.text).toContain(`/manage/enquiries/${outcome.enquiryId}`);
      mail = (await getEnquiry(test.db, outcome.enquiryId))!.mail;
      expect(mail[0]).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await smtp.stop();
    }
  });

  it("without SMTP_URL the mail is written to a file and recorded as such, never as sent", async () => {
    const outcome = await post(test.db, storage, await goodFields({ email: "sam@customer.test" }));
    if (!outcome.ok) throw new Error("not saved");
    await test.db.updateTable("mailOutbox").set({ status: "sent" }).where("enquiryId", "!=", outcome.enquiryId).execute();
    const mailer = createMailer({ mailFrom: "Site <site@trade.test>", dataDir });
    expect(await sendDueMail(test.db, mailer)).toBe(2);
    const mail = (await getEnquiry(test.db, outcome.enquiryId))!.mail;
    expect(mail.map((m) => [m.kind, m.status])).toEqual(
      expect.arrayContaining([
        ["enquiry-owner", "filed"],
        ["enquiry-customer", "filed"],
      ]),
    );
    expect(mail).toHaveLength(2);
  });

  it("the sweep deletes closed enquiries past their retention with their photos, and nothing else", async () => {
    const make = async () => {
      const outcome = await post(test.db, storage, await goodFields(), ["landscape.jpg"]);
      if (!outcome.ok) throw new Error("not saved");
      return outcome.enquiryId;
    };
    const [oldClosed, recentClosed, oldOpen] = [await make(), await make(), await make()];
    const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    await updateEnquiryStatus(test.db, oldClosed, "closed", longAgo);
    await updateEnquiryStatus(test.db, recentClosed, "closed", new Date(Date.now() - 10 * 24 * 60 * 60 * 1000));
    await test.db.updateTable("enquiry").set({ createdAt: longAgo.toISOString() }).where("id", "=", oldOpen).execute();

    const result = await sweepEnquiries(test.db, storage, { retentionDays: 365 });
    expect(result.expired).toBe(1);
    expect(await getEnquiry(test.db, oldClosed)).toBeNull();
    const left: string[] = [];
    for await (const key of storage.list(`enquiries/${oldClosed}/`)) left.push(key);
    expect(left).toEqual([]);
    expect(await getEnquiry(test.db, recentClosed)).not.toBeNull();
    expect(await getEnquiry(test.db, oldOpen)).not.toBeNull();
  });
});

afterAll(async () => {
  await s3.server?.stop();
});
