import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { createMailer } from "./mail.server";

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

describe("mailer", () => {
  it("writes to DATA_DIR/outbox as .eml when SMTP_URL is unset", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    const mailer = createMailer({ dataDir, mailFrom: "Site <site@example.test>" });
    const sent = await mailer.send({
      to: "customer@example.test",
      subject: "Verify your e-mail",
      text: "Open http://localhost:3000/api/auth/verify-email?token=abc to verify.",
    });
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.outboxFile).toBe(path.join(dataDir, "outbox", files[0]!));
    const raw = readFileSync(sent.outboxFile!, "utf8");
    expect(raw).toContain("To: customer@example.test");
    expect(raw).toContain("Subject: Verify your e-mail");
    expect(raw).toContain("verify-email?token=abc");
  });

  it("sends through SMTP_URL", async () => {
    const mailer = createMailer({ dataDir: os.tmpdir(), mailFrom: "Site <site@example.test>", smtpUrl: smtp.url });
    await mailer.send({ to: "member@example.test", subject: "Reset your password", text: "Link: http://x.test/reset?token=1" });
    const message = await smtp.waitFor((m) => m.to.includes("member@example.test"));
    expect(message.subject).toBe("Reset your password");
    expect(message.text).toContain("http://x.test/reset?token=1");
  });
});
