import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { postQuote, quoteFields, startQuote, waitToSend } from "../support/quote-form";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

// The production build as a first install leaves it: neither SMTP_URL nor PUBLIC_URL set. No mail leaves the machine,
// and the owner is told so where he looks: on every admin page, and on each enquiry instead of "sent".
const PORT = testPort("integration/mail-setup");
// What the site takes for its own address without PUBLIC_URL; posts must come from it to pass the origin check.
const DEFAULT_URL = `http://localhost:${PORT}`;

describeUnless(buildMissingReason(), "a site without SMTP_URL and PUBLIC_URL", () => {
  let server: RunningServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer(PORT, { PUBLIC_URL: "" });
    admin = new HttpClient(DEFAULT_URL);
    await createVerifiedUser(admin, server.dataDir, "owner@nomail.test", "mail-setup-password-1");
  }, 60_000);
  afterAll(async () => server?.stop());

  it("every admin page says that no mail is sent, where it goes instead and what to set", async () => {
    for (const address of ["/manage", "/manage/enquiries", "/manage/users", "/manage/dashboard", "/manage/backups"]) {
      const response = await admin.get(address);
      expect(response.status, address).toBe(200);
      const html = await response.text();
      const notice = /<div[^>]*data-testid="mail-setup-notice"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
      expect(notice, address).toContain("No mail leaves this server");
      expect(notice).toContain(path.join(server.dataDir, "outbox"));
      expect(notice).toMatch(/Set <code>SMTP_URL<\/code>/);
      expect(notice).toMatch(/Set <code>PUBLIC_URL<\/code>/);
      expect(notice).toContain(`<code>${DEFAULT_URL}</code>`);
    }
    // Not on the public pages.
    expect(await (await admin.get("/")).text()).not.toContain("mail-setup-notice");
  });

  it("an enquiry's notification and acknowledgement show as written to a file, not as sent", async () => {
    const visitor = new HttpClient(DEFAULT_URL);
    const fields = quoteFields({ ...(await startQuote(visitor)), email: "sam@customer.test" });
    await waitToSend();
    const posted = await postQuote(DEFAULT_URL, fields);
    expect(posted.status).toBe(302);
    const inbox = await (await admin.get("/manage/enquiries")).text();
    const id = /href="\/manage\/enquiries\/([0-9a-f-]{36})"/.exec(inbox)?.[1];
    expect(id).toBeDefined();

    const mailList = async () => {
      const html = await (await admin.get(`/manage/enquiries/${id}`)).text();
      return (/<ul[^>]*data-testid="enquiry-mail"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "").replaceAll("<!-- -->", "");
    };
    await expect.poll(async () => (await mailList()).match(/not sent: only written to a file on the server/g)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    const list = await mailList();
    expect(list).toContain("Notification to owner@nomail.test");
    expect(list).not.toMatch(/>sent</);
  });
});
