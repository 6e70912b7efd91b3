import exifReader from "exif-reader";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/server/db/client.server";
import { getReviewForRequest, getReviewStats, listPublishedReviews } from "~/server/db/reviews.server";
import { readAll } from "~/server/storage/read-all.server";
import { LocalStorage } from "~/server/storage/local.server";
import { findSingleUseLink, hashToken } from "~/server/links/single-use-link.server";
import { manageReview } from "~/server/reviews/manage-reviews.server";
import { ReviewLinkError, openReviewLink, receiveReview } from "~/server/reviews/receive-review.server";
import { reviewPhotoKey } from "~/server/reviews/review-photos.server";
import type { MailContext } from "~/server/reviews/review-mail.server";
import { askForReview, listReviewRequests, sendDueReviewReminders } from "~/server/reviews/review-requests.server";
import { createWriteStream } from "node:fs";
import { writeBackup } from "~/server/backup/create-backup.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { createTestDatabase, describeEachDialect, postgresUnavailableReason } from "../setup/databases";
import { readAllRows } from "../support/site-data";
import { quoteBody } from "../support/quote-form";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "reviews-test-"));
process.env.DATA_DIR = dataDir;

const CONTEXT: MailContext = { businessName: "Test Trades", ownerName: "Pat Owner", publicUrl: "http://site.test" };
const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

function tokenOf(url: string): string {
  return url.split("/review/")[1]!;
}

async function ask(db: Db, overrides: Partial<Parameters<typeof askForReview>[1]> = {}, now = new Date()) {
  const asked = await askForReview(
    db,
    { enquiryId: null, customerName: "Sam Tiler", email: "sam@customer.test", phone: null, job: "Retiled the bathroom", service: "tiling", serviceName: "Tiling", remind: true, ...overrides },
    CONTEXT,
    now,
  );
  return { ...asked, token: tokenOf(asked.url) };
}

const GOOD = { rating: "4", body: "Tidy work, turned up on time and the grout lines are straight.", displayName: "Sam T.", town: "Peterborough", consent: "yes" };

async function send(db: Db, storage: LocalStorage, token: string, fields: Record<string, string>, photos: Parameters<typeof quoteBody>[1] = [], ip = nextIp(), now?: number) {
  const request = new Request(`http://site.test/review/${token}`, { method: "POST", body: await quoteBody(fields, photos) });
  return receiveReview(request, token, { db, storage, ip, now: now === undefined ? undefined : () => now });
}

async function linkError(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReviewLinkError) return error.status;
    throw error;
  }
  throw new Error("expected a ReviewLinkError");
}

await describeEachDialect("reviews", (test) => {
  let storage: LocalStorage;
  beforeAll(() => {
    storage = new LocalStorage(path.join(dataDir, `storage-${test.kind}`));
  });

  it("keeps only the token's hash, queues the request mail with the link, and answers a wrong token with 404", async () => {
    const { token, url, requestId } = await ask(test.db);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const links = await test.db.selectFrom("singleUseLink").selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(token);
    expect(links.some((l) => l.tokenHash === hashToken(token))).toBe(true);
    const mail = await test.db.selectFrom("mailOutbox").selectAll().where("kind", "=", "review-request").execute();
    expect(mail.map((m) => m.to)).toContain("sam@customer.test");
    expect(mail.find((m) => m.text.includes(url))).toBeDefined();
    // The owner sees the link again (it is sealed, not hashed only), and the request waits.
    const [listed] = await listReviewRequests(test.db, CONTEXT.publicUrl);
    expect(listed).toMatchObject({ id: requestId, url, state: "open", answered: false });

    expect(await linkError(openReviewLink(test.db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`))).toBe(404);
    expect(await linkError(openReviewLink(test.db, "not-a-token"))).toBe(404);
    // A token of another purpose never opens a review.
    expect(await findSingleUseLink(test.db, "something-else", token)).toBeNull();
  });

  it("takes a review with a GPS-tagged photo (stored without any metadata), publishes it at once, and refuses a second one", async () => {
    const { token, requestId } = await ask(test.db);
    const sent = await send(test.db, storage, token, GOOD, ["exif-rotated.jpg"]);
    expect(sent).toEqual({ ok: true, created: true });
    const review = await getReviewForRequest(test.db, requestId);
    expect(review).toMatchObject({ rating: 4, status: "published", verified: true, serviceName: "Tiling", displayName: "Sam T." });
    expect(review!.photos).toHaveLength(1);
    const stored = await readAll((await storage.get(reviewPhotoKey(review!.id, review!.photos[0]!.id, "full")))!.body);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const original = await sharp(path.resolve("tests/fixtures/images/exif-rotated.jpg")).metadata();
    expect(exifReader(original.exif!).GPSInfo?.GPSLatitude).toBeDefined();

    // The same link again edits the one review: no second review can come from it.
    const again = await send(test.db, storage, token, { ...GOOD, rating: "2", body: "Second try at a review through the same link." });
    expect(again).toEqual({ ok: true, created: false });
    const rows = await test.db.selectFrom("review").selectAll().where("requestId", "=", requestId).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.rating)).toBe(2);
  });

  it("lets the customer edit for 14 days, then says the link is closed (410)", async () => {
    const start = Date.now();
    const { token, requestId } = await ask(test.db, {}, new Date(start));
    expect(await send(test.db, storage, token, GOOD, [], nextIp(), start)).toMatchObject({ ok: true, created: true });
    expect(await send(test.db, storage, token, { ...GOOD, rating: "5" }, [], nextIp(), start + 13 * DAY)).toMatchObject({ ok: true, created: false });
    expect((await getReviewForRequest(test.db, requestId))!.rating).toBe(5);
    expect(await linkError(send(test.db, storage, token, { ...GOOD, rating: "1" }, [], nextIp(), start + 15 * DAY))).toBe(410);
    expect((await getReviewForRequest(test.db, requestId))!.rating).toBe(5);
  });

  it("says an unanswered link has expired after 60 days (410)", async () => {
    const { token } = await ask(test.db, {}, new Date(Date.now() - 61 * DAY));
    expect(await linkError(openReviewLink(test.db, token))).toBe(410);
    expect(await linkError(send(test.db, storage, token, GOOD))).toBe(410);
  });

  it("refuses bad input with messages and keeps HTML as typed text", async () => {
    const { token, requestId } = await ask(test.db);
    const short = await send(test.db, storage, token, { ...GOOD, body: "Too short" });
    expect(short).toMatchObject({ ok: false, status: 400, errors: { body: expect.stringContaining("at least 20") } });
    const noConsent = await send(test.db, storage, token, { ...GOOD, consent: "" });
    expect(noConsent).toMatchObject({ ok: false, status: 400, errors: { consent: expect.any(String) } });
    const badRating = await send(test.db, storage, token, { ...GOOD, rating: "6" });
    expect(badRating).toMatchObject({ ok: false, status: 400, errors: { rating: expect.any(String) } });
    const fake = await send(test.db, storage, token, GOOD, ["not-really.jpg"]);
    expect(fake).toMatchObject({ ok: false, status: 400, errors: { photos: expect.stringContaining("not-really.jpg") } });
    const tooMany = await send(test.db, storage, token, GOOD, ["landscape.jpg", "landscape.jpg", "landscape.jpg", "landscape.jpg", "landscape.jpg"]);
    expect(tooMany).toMatchObject({ ok: false, status: 400, errors: { photos: "Please send at most 4 photos." } });
    expect(await getReviewForRequest(test.db, requestId)).toBeNull();

    const html = '<script>alert("x")</script> <b>bold</b> and twenty characters more';
    expect(await send(test.db, storage, token, { ...GOOD, body: html })).toMatchObject({ ok: true });
    expect((await getReviewForRequest(test.db, requestId))!.body).toBe(html);
  });

  it("limits posts per link and per address", async () => {
    const { token } = await ask(test.db);
    const ip = nextIp();
    let last;
    for (let i = 0; i < 21; i++) last = await send(test.db, storage, token, { ...GOOD, body: "short" }, [], nextIp());
    expect(last).toMatchObject({ ok: false, status: 429 });
    const other = await ask(test.db);
    for (let i = 0; i < 30; i++) await send(test.db, storage, other.token, { ...GOOD, body: "short" }, [], ip);
    expect(await send(test.db, storage, other.token, GOOD, [], ip)).toMatchObject({ ok: false, status: 429 });
  });

  it("holds only for a listed reason, keeps held reviews counted and listed, and averages every published review", async () => {
    await test.db.deleteFrom("reviewPhoto").execute();
    await test.db.deleteFrom("review").execute();
    const ratings = [5, 3, 1];
    const ids: string[] = [];
    for (const rating of ratings) {
      const { token, requestId } = await ask(test.db);
      await send(test.db, storage, token, { ...GOOD, rating: String(rating) });
      ids.push((await getReviewForRequest(test.db, requestId))!.id);
    }
    expect(await getReviewStats(test.db)).toEqual({ count: 3, average: 3 });
    expect((await manageReview(test.db, { intent: "hold", reviewId: ids[0]!, reason: "offensive" })).ok).toBe(true);
    expect(await getReviewStats(test.db)).toEqual({ count: 2, average: 2 });
    const held = await test.db.selectFrom("review").select(["status", "holdReason"]).where("id", "=", ids[0]!).executeTakeFirstOrThrow();
    expect(held).toEqual({ status: "held", holdReason: "offensive" });
    expect((await listPublishedReviews(test.db)).map((r) => r.id)).not.toContain(ids[0]);
    await manageReview(test.db, { intent: "publish", reviewId: ids[0]! });
    expect(await getReviewStats(test.db)).toEqual({ count: 3, average: 3 });

    // The owner's reply, once, editable; his own typed-in review is never verified.
    await manageReview(test.db, { intent: "reply", reviewId: ids[1]!, reply: "Thank you, glad it worked out." });
    await manageReview(test.db, { intent: "reply", reviewId: ids[1]!, reply: "Thank you!" });
    expect((await listPublishedReviews(test.db)).find((r) => r.id === ids[1])!.reply).toBe("Thank you!");
    await manageReview(test.db, { intent: "add", source: "a thank-you card", rating: 5, body: "Lovely job on the kitchen ceiling, thank you.", displayName: "Ann B.", town: "", service: "plastering", month: "2026-06" });
    const typed = (await listPublishedReviews(test.db)).find((r) => r.source === "a thank-you card")!;
    expect(typed.verified).toBe(false);
    expect(await getReviewStats(test.db)).toEqual({ count: 4, average: 3.5 });
  });

  it("sends one reminder after 7 days to an unanswered request, none when switched off or answered", async () => {
    await test.db.deleteFrom("mailOutbox").execute();
    const eightDaysAgo = new Date(Date.now() - 8 * DAY);
    const waiting = await ask(test.db, { email: "wait@customer.test" }, eightDaysAgo);
    const off = await ask(test.db, { email: "off@customer.test" }, eightDaysAgo);
    await manageReview(test.db, { intent: "stop-reminder", requestId: off.requestId });
    const answered = await ask(test.db, { email: "done@customer.test" }, eightDaysAgo);
    await send(test.db, storage, answered.token, GOOD, [], nextIp(), eightDaysAgo.getTime() + DAY);
    await ask(test.db, { email: "recent@customer.test" }, new Date(Date.now() - 3 * DAY));

    expect(await sendDueReviewReminders(test.db, CONTEXT)).toBeGreaterThanOrEqual(1);
    expect(await sendDueReviewReminders(test.db, CONTEXT)).toBe(0);
    const reminders = await test.db.selectFrom("mailOutbox").select(["to", "text"]).where("kind", "=", "review-reminder").execute();
    expect(reminders.map((m) => m.to)).toContain("wait@customer.test");
    expect(reminders.map((m) => m.to)).not.toEqual(expect.arrayContaining(["off@customer.test"]));
    expect(reminders.map((m) => m.to)).not.toEqual(expect.arrayContaining(["done@customer.test"]));
    expect(reminders.map((m) => m.to)).not.toEqual(expect.arrayContaining(["recent@customer.test"]));
    expect(reminders.find((m) => m.to === "wait@customer.test")!.text).toContain(waiting.url);
  });

  it("a backup carries the links, requests, reviews and their photos into the other database", async () => {
    const { token, requestId } = await ask(test.db);
    await send(test.db, storage, token, GOOD, ["landscape.jpg"]);
    const review = (await getReviewForRequest(test.db, requestId))!;
    const otherKind = test.kind === "postgres" || (await postgresUnavailableReason()) ? "sqlite" : "postgres";
    const target = await createTestDatabase(otherKind, { migrate: false });
    try {
      const source = test.kind === "postgres" ? { kind: "postgres" as const, url: test.url } : { kind: "sqlite" as const, file: test.url.slice("file:".length) };
      const file = path.join(dataDir, `backup-${test.kind}.tar.gz`);
      await writeBackup({ database: source, storage, storageKind: "local", dataDir: path.join(dataDir, `backup-data-${test.kind}`) }, createWriteStream(file));
      const restoredStorage = new LocalStorage(path.join(dataDir, `restored-${test.kind}`));
      await restoreBackup(file, { db: target.db, storage: restoredStorage, jobDirectory: path.join(dataDir, `restored-jobs-${test.kind}`) });
      const [before, after] = [await readAllRows(test.db), await readAllRows(target.db)];
      for (const table of ["singleUseLink", "reviewRequest", "review", "reviewPhoto"]) {
        expect(after[table], table).toEqual(before[table]);
        expect(after[table]!.length, table).toBeGreaterThan(0);
      }
      const key = reviewPhotoKey(review.id, review.photos[0]!.id, "full");
      expect(await readAll((await restoredStorage.get(key))!.body)).toEqual(await readAll((await storage.get(key))!.body));
      // The restored site opens the same link to the same review.
      expect((await openReviewLink(target.db, token)).request.id).toBe(requestId);
    } finally {
      await target.destroy();
    }
  });
});
