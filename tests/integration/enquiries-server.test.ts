import { existsSync, readdirSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb } from "~/server/db/client.server";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { type DialectKind, describeEachDialect } from "../setup/databases";
import type { FixtureName } from "../setup/images";
import { type TestS3, startS3Server } from "../setup/s3";
import { startSmtpServer } from "../setup/smtp";
import { HttpClient } from "../support/http-client";
import { postQuote, quoteFields, readQuoteForm, startQuote, typedFields, waitToSend } from "../support/quote-form";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

// The production build as a real server: SQLite with a local folder, then PostgreSQL with S3, real SMTP for both.
const PASSWORD = "server-test-password-1";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const s3 = await startS3Server();
const ports = testPorts("integration/enquiries-server");

// Each on an empty database of its own, which the server migrates at start-up.
const options = { migrate: false, skipReason: (kind: DialectKind) => buildMissingReason() ?? (kind === "postgres" ? s3.skipReason : undefined) };
await describeEachDialect("quote requests through the server", options, (database) => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const admin = { client: undefined as unknown as HttpClient };
  const member = { client: undefined as unknown as HttpClient };
  let reference = "";
  let photoUrls: string[] = [];

  async function createUser(client: HttpClient, email: string) {
    const before = smtp.messages.length;
    expect((await client.post("/signIn", { intent: "sign-up", email, password: PASSWORD, redirectTo: "/" })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
    const link = /https?:\/\/\S+verify-email\?token=[^\s"<]+/.exec(mail.text)?.[0];
    expect((await client.get(link!)).status).toBe(302);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env: Record<string, string> = { SMTP_URL: smtp.url, DATABASE_URL: database.url };
    if (database.kind === "postgres") {
      const config = (s3.server as TestS3).config;
      env.STORAGE_URL = `s3://${config.bucket}?endpoint=${config.endpoint}&region=${config.region}`;
      env.AWS_ACCESS_KEY_ID = config.accessKeyId ?? "";
      env.AWS_SECRET_ACCESS_KEY = config.secretAccessKey ?? "";
    }
    server = await startIsolatedServer(ports[database.kind === "sqlite" ? 0 : 1]!, env);
    admin.client = new HttpClient(server.baseURL);
    member.client = new HttpClient(server.baseURL);
    await createUser(admin.client, "admin@server.test");
    await createUser(member.client, "member@server.test");
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /** As a browser would: load /contact, let the widget solve its challenge, post the form a few seconds later. */
  async function sendQuote(visitor: HttpClient, photos: FixtureName[], overrides: Record<string, string> = {}) {
    const fields = quoteFields({ ...(await startQuote(visitor)), ...overrides });
    await waitToSend();
    const response = await postQuote(server.baseURL, fields, photos);
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/contact\/thanks\?ref=Q-[0-9A-Z]{8}$/);
    return location;
  }

  it("a plain form post with two photos arrives: thank-you page, mail to the admin and the customer", async () => {
    const visitor = new HttpClient(server.baseURL);
    const location = await sendQuote(visitor, ["exif-rotated.jpg", "landscape.jpg"]);
    reference = location.split("ref=")[1]!;
    expect(await (await visitor.get(location)).text()).toContain(reference);

    const owner = await smtp.waitFor((m) => m.to.includes("admin@server.test") && m.subject.includes(reference));
    expect(owner.text).toContain("Jo Bloggs");
    expect(owner.text).toMatch(/\/manage\/enquiries\/[0-9a-f-]{36}/);
    const customer = await smtp.waitFor((m) => m.to.includes("jo@customer.test"));
    expect(customer.subject).toContain(reference);
    // Nothing typed is repeated to whatever address was given; a reply goes to the business's own address.
    expect(customer.text).not.toContain("The back bedroom ceiling needs skimming");
    expect(customer.text).not.toContain("Jo Bloggs");
    expect(customer.raw).toMatch(/^Reply-To: mark@nenevalley-building\.co\.uk\r?$/m);
  });

  it("the admin inbox lists it as unread; its photos are served to the admin without GPS", async () => {
    const inbox = await (await admin.client.get("/manage/enquiries")).text();
    expect(inbox).toContain(reference);
    // SMTP_URL and PUBLIC_URL are set: no notice that mail goes nowhere (tests/integration/mail-setup.test.ts).
    expect(inbox).not.toContain("mail-setup-notice");
    expect(inbox).toMatch(/data-testid="unread-enquiries"[^>]*>1</);
    const id = /href="\/manage\/enquiries\/([0-9a-f-]{36})"/.exec(inbox)?.[1];
    const detail = await (await admin.client.get(`/manage/enquiries/${id}`)).text();
    photoUrls = [...detail.matchAll(/href="(\/manage\/enquiries\/[^"]+\/full)"/g)].map((m) => m[1]!);
    expect(photoUrls).toHaveLength(2);
    const photo = await admin.client.get(photoUrls[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toMatch(/private/);
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    // Read now: the badge is gone.
    expect(await (await admin.client.get("/manage/enquiries")).text()).not.toContain('data-testid="unread-enquiries"');
  });

  it("a visitor and a member get 404 for the photo; it is nowhere public", async () => {
    for (const client of [new HttpClient(server.baseURL), member.client]) {
      const response = await client.get(photoUrls[0]!);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).not.toMatch(/image/);
    }
    expect(await (await fetch(`${server.baseURL}/sitemap.xml`)).text()).not.toContain("enquiries");
    expect((await member.client.get("/manage/enquiries")).status).toBe(403);
  });

  it("the dashboard's numbers match the page views sent, bots left out", async () => {
    const get = (path: string, headers: Record<string, string>) => fetch(`${server.baseURL}${path}`, { headers: { "user-agent": BROWSER, ...headers } });
    for (let i = 0; i < 3; i++) await get("/aboutme", i === 0 ? { referer: "https://www.facebook.com/groups/x" } : {});
    for (let i = 0; i < 2; i++) await get("/webdev", { cookie: "visited=1" });
    await get("/services.data", { cookie: "visited=1" });
    for (let i = 0; i < 5; i++) await get("/ha", { "user-agent": BOT });
    // Counts are written every 5 s.
    await expect
      .poll(async () => /data-testid="visits-7"[\s\S]*?<\/div>/.exec(await (await admin.client.get("/manage/dashboard")).text())?.[0] ?? "", { timeout: 15_000, interval: 1_000 })
      // Before these: the visitor's /contact (a visit) and thank-you page (a view of the same visit); then 3 new
      // visits to /aboutme, 2 later views of /webdev and a client-side navigation to /services. The bot's are left out.
      .toMatch(/>4<\/span> visits, (<!-- -->)?8(<!-- -->)? page views/);
    const html = await (await admin.client.get("/manage/dashboard")).text();
    const pages = /data-testid="top-pages"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(pages).toMatch(/\/aboutme<\/td><td class="text-end">3</);
    expect(pages).toMatch(/\/webdev<\/td><td class="text-end">2</);
    expect(pages).toMatch(/\/services<\/td><td class="text-end">1</);
    expect(pages).not.toContain("/ha<");
    expect(pages).not.toContain("/manage");
    expect(/data-testid="top-referrers"[\s\S]*?<\/table>/.exec(html)?.[0]).toMatch(/facebook\.com<\/td><td class="text-end">1</);
    expect(html).not.toContain("127.0.0.1<");
  });

  it("deleting an enquiry removes it and its photos", async () => {
    const inbox = await (await admin.client.get("/manage/enquiries")).text();
    const id = /href="\/manage\/enquiries\/([0-9a-f-]{36})"/.exec(inbox)?.[1];
    expect(photoUrls[0]).toContain(id);
    const deleted = await admin.client.post(`/manage/enquiries/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect((await admin.client.get(`/manage/enquiries/${id}`)).status).toBe(404);
    for (const url of photoUrls) expect((await admin.client.get(url)).status).toBe(404);
    const folder = `${server.dataDir}/uploads/enquiries/${id}`;
    if (database.kind === "sqlite") expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    // A member cannot delete, whatever the id.
    expect((await member.client.post(`/manage/enquiries/${id}`, { intent: "delete" })).status).toBe(403);
  });

  // Waits out the outbox's first retry (30 s), so once is enough: on SQLite.
  it.skipIf(database.kind !== "sqlite")("with the SMTP server down the customer still gets the thank-you page; the inbox shows the notification pending until it goes", async () => {
    const port = smtp.port;
    await smtp.stop();
    const location = await sendQuote(new HttpClient(server.baseURL), [], { name: "Dee Downtime", email: "", phone: "07700 900777" });
    const downReference = location.split("ref=")[1]!;
    const entry = async () => /<li class="enquiry-item[^"]*">(?:(?!<\/li>)[\s\S])*Dee Downtime[\s\S]*?<\/li>/.exec(await (await admin.client.get("/manage/enquiries")).text())?.[0] ?? "";
    await expect.poll(entry, { timeout: 10_000 }).toContain("Notification pending");

    smtp = await startSmtpServer(port);
    const mail = await smtp.waitFor((m) => m.subject.includes(downReference), 70_000);
    expect(mail.to).toEqual(["admin@server.test"]);
    await expect.poll(entry, { timeout: 10_000 }).not.toContain("Notification pending");
  }, 90_000);
});

// Spam layers that need the database, through the real server as a browser without JavaScript posts: a proof of
// work sent twice, the question of a kept page answered from two browsers, and the limit on enquiries from everyone
// together (ENQUIRY_LIMIT_SITE), each address sending once or twice, well under its own limit. Refused, the page
// comes back with everything typed in it.
describeUnless(buildMissingReason(), "spam layers through the server: a replayed proof of work, the kept page's question and the site-wide limit", () => {
  let server: RunningServer;
  // Behind a proxy on this machine (TRUST_PROXY=loopback), each post comes from its own address.
  const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
  const alertIn = (html: string) => (/<div id="quote-form-error"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "").replaceAll("<!-- -->", "");
  async function enquiryNames() {
    const db = createDb({ kind: "sqlite", file: `${server.dataDir}/site.db` });
    try {
      return (await db.selectFrom("enquiry").select("name").orderBy("createdAt").execute()).map((row) => row.name);
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    server = await startIsolatedServer(ports[2]!, { ENQUIRY_LIMIT_SITE: "5", ENQUIRY_LIMIT_PER_IP: "50" });
  }, 60_000);
  afterAll(async () => server?.stop());

  it("a proof of work sent a second time is refused, and the page gives back what was typed", async () => {
    const fields = quoteFields({
      ...(await startQuote(new HttpClient(server.baseURL))),
      name: "Rory Replay",
      phone: "07700 900456",
      service: "tiling",
      description: "Retile the kitchen splashback, about 3 metres by 60 cm & the window sill.",
    });
    await waitToSend();
    expect((await postQuote(server.baseURL, fields, [], from(1))).status).toBe(302);

    const replay = await postQuote(server.baseURL, fields, ["landscape.jpg"], from(2));
    expect(replay.status).toBe(400);
    const html = await replay.text();
    expect(alertIn(html)).toContain("The spam check did not pass. It has started again: please wait until it says it is done, then send.");
    expect(alertIn(html)).toContain("please choose your photo again");
    expect(readQuoteForm(html)).toEqual(typedFields(fields));
    expect(readQuoteForm(html).description).toContain("& the window sill");
    expect(await enquiryNames()).toEqual(["Rory Replay"]);
  });

  it("without JavaScript, two browsers answering the question of one kept copy of /contact are both accepted", async () => {
    // Returning visitors (the visited cookie), so /contact is sent from the page cache: one copy for both.
    const browsers = [new HttpClient(server.baseURL), new HttpClient(server.baseURL)];
    for (const browser of browsers) await browser.get("/");
    const pages: string[] = [];
    for (const browser of browsers) pages.push(await (await browser.get("/contact")).text());
    const started = /name="started" value="([^"]+)"/.exec(pages[0]!)?.[1] ?? "";
    expect(/name="started" value="([^"]+)"/.exec(pages[1]!)?.[1]).toBe(started);
    // The page links the stylesheet only for browsers without JavaScript; it gives each its own value.
    expect(pages[0]).toMatch(/<noscript>[\s\S]*?<link rel="stylesheet" href="\/contact\/browser-check\.css"\/?>[\s\S]*?<\/noscript>/);
    for (const browser of browsers) {
      const check = await browser.get("/contact/browser-check.css");
      expect(check.status).toBe(200);
      expect(check.headers.get("cache-control")).toBe("no-store");
      expect(browser.cookieHeader).toContain("quote_browser=");
    }
    expect(browsers[0]!.cookieHeader).not.toBe(browsers[1]!.cookieHeader);
    const question = /A quick check that you are a person: (?:<!-- -->)?What is (\w+) plus (\w+)\?/.exec(pages[0]!);
    const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
    const answer = String(words.indexOf(question![1]!) + words.indexOf(question![2]!));
    await waitToSend();
    for (const [i, browser] of browsers.entries()) {
      const fields = quoteFields({ started, check: answer, name: `Browser ${i + 1}`, website: "" });
      const sent = await postQuote(server.baseURL, fields, [], { ...from(10 + i), cookie: browser.cookieHeader });
      expect(sent.status, `browser ${i + 1}`).toBe(302);
    }
    // The first browser sending its answer again is refused.
    const again = await postQuote(server.baseURL, quoteFields({ started, check: answer, name: "Browser 1" }), [], { ...from(12), cookie: browsers[0]!.cookieHeader });
    expect(again.status).toBe(400);
    expect(alertIn(await again.text())).toContain("This form was already sent once");
    expect(await enquiryNames()).toEqual(["Rory Replay", "Browser 1", "Browser 2"]);
  });

  it("posts that never passed the proof of work do not count towards the site-wide limit; over it a new sender is refused with the form kept", async () => {
    // Five an hour from everyone together; three have come (the replay did not count).
    const page = await (await new HttpClient(server.baseURL).get("/contact")).text();
    const unsolved = quoteFields({ started: /name="started" value="([^"]+)"/.exec(page)![1]!, name: "Empty Bot" });
    for (let i = 0; i < 12; i++) {
      const refusedPost = await postQuote(server.baseURL, i % 3 === 0 ? {} : unsolved, [], from(100 + i));
      expect(refusedPost.status).toBe(400);
    }
    const fourth = quoteFields({ ...(await startQuote(new HttpClient(server.baseURL))), name: "Tam Fourth", email: "tam@customer.test" });
    const fifth = quoteFields({ ...(await startQuote(new HttpClient(server.baseURL))), name: "Uma Fifth", email: "uma@customer.test" });
    const sixth = quoteFields({
      ...(await startQuote(new HttpClient(server.baseURL))),
      name: "Sasha Site",
      email: "",
      phone: "01733 555 0199",
      postcode: "pe2 8ab",
      service: "plastering",
      description: "Skim two walls in the lounge.",
    });
    await waitToSend();
    expect((await postQuote(server.baseURL, fourth, [], from(3))).status).toBe(302);
    expect((await postQuote(server.baseURL, fifth, [], from(4))).status).toBe(302);

    const refused = await postQuote(server.baseURL, sixth, ["landscape.jpg"], from(5));
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(alertIn(html)).toContain("A lot of enquiries are arriving just now. Please wait a few minutes and send again");
    expect(readQuoteForm(html)).toEqual(typedFields(sixth));
    expect(await enquiryNames()).toEqual(["Rory Replay", "Browser 1", "Browser 2", "Tam Fourth", "Uma Fifth"]);
  });
});

afterAll(async () => {
  await s3.server?.stop();
});
