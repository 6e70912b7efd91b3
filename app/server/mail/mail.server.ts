import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../env.server";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { toEightBitEml } from "./eight-bit-eml.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's Reply goes, when not to the sender (the customer, on the owner's notification). */
  replyTo?: string;
};

export type SentMail = { messageId: string; outboxFile?: string };

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/**
 * SMTP_URL set: send through that server. Unset: write each message to DATA_DIR/outbox/ as an .eml
 * file and log where it is, so a site without mail set up can still verify its owner. The links themselves are
 * never logged: a verification or reset link is a password for whoever holds it.
 */
export function createMailer(config: Pick<Env, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, toEightBitEml(info.message as Buffer));
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox (SMTP_URL is not set); open the file for its links");
      return { messageId: info.messageId, outboxFile: file };
    },
  };
}

let instance: Mailer | undefined;

export function getMailer(): Mailer {
  instance ??= createMailer(getEnv());
  return instance;
}
