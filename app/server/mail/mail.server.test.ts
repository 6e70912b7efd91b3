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

  it("keeps a long link whole on one line of the .eml, so it can be copied and clicked", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    const mailer = createMailer({ dataDir, mailFrom: "Site <site@example.test>" });
    const link =
      "https://www.example.co.uk/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImN1c3RvbWVyQGV4YW1wbGUudGVzdCJ9." +
      "k3Yd0c1m9QpL2xVbN8sR4tW6uZ&callbackURL=%2Fprofile%3Fnotice%3Dverified";
    const sent = await mailer.send({ to: "zoë@example.test", subject: "Vérifiez", text: `Hello Zoë,\n\nOpen ${link} to verify.\n` });
    const raw = readFileSync(sent.outboxFile!, "utf8");
    expect(raw.split("\n")).toContain(`Open ${link} to verify.`);
    expect(raw).toContain("Hello Zoë,");
    expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    expect(raw).not.toMatch(/quoted-printable/i);
  });

  it("leaves a message with a line too long for 8bit as nodemailer wrote it", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    const mailer = createMailer({ dataDir, mailFrom: "Site <site@example.test>" });
    const sent = await mailer.send({ to: "owner@example.test", subject: "Enquiry", text: `Description: ${"x".repeat(1200)}\n` });
    const raw = readFileSync(sent.outboxFile!, "utf8");
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(raw.split("\n").every((line) => line.length <= 998)).toBe(true);
  });

  it("sends through SMTP_URL", async () => {
    const mailer = createMailer({ dataDir: os.tmpdir(), mailFrom: "Site <site@example.test>", smtpUrl: smtp.url });
    await mailer.send({ to: "member@example.test", subject: "Reset your password", text: "Link: http://x.test/reset?token=1" });
    const message = await smtp.waitFor((m) => m.to.includes("member@example.test"));
    expect(message.subject).toBe("Reset your password");
    expect(message.text).toContain("http://x.test/reset?token=1");
  });
});
