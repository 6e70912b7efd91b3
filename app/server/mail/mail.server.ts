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

/** What the log may say about a message: never the address, the subject or the text (customers' details). */
export type MailLabel = { mailId?: string; kind?: string };

export interface Mailer {
  send(message: MailMessage, label?: MailLabel): Promise<SentMail>;
}

/**
 * nodemailer's own defaults would let one send hang for over ten minutes (2 min to connect, 30 s for the greeting,
 * 10 min of silence on the socket), longer than the outbox's claim on the row, after which another instance would
 * send the same mail again. Set here, explicitly, and the claim is made longer than all of them together.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 } as const;

/**
 * The longest one send can take before the transport gives up: the DNS look-up, the connection, the greeting, then
 * the socket timeout, which restarts whenever a byte arrives, for each step of the conversation (EHLO, STARTTLS,
 * AUTH, MAIL, RCPT, DATA, the body and the final answer: counted as ten).
 */
export const LONGEST_SEND_MS = SMTP_TIMEOUTS.dnsTimeout + SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + 10 * SMTP_TIMEOUTS.socketTimeout;

/** The transport's options for an SMTP_URL, the timeouts above included. */
export function getSmtpOptions(smtpUrl: string): { url: string } & typeof SMTP_TIMEOUTS {
  return { url: smtpUrl, ...SMTP_TIMEOUTS };
}

/**
 * SMTP_URL set: send through that server. Unset: write each message to DATA_DIR/outbox/ as an .eml
 * file and log where it is, so a site without mail set up can still verify its owner. The log names the message
 * by its id and the caller's label only: addresses and subjects are customers' details, and a verification or reset
 * link is a password for whoever holds it.
 */
export function createMailer(config: Pick<Env, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(getSmtpOptions(config.smtpUrl));
    return {
      async send(message, label = {}) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        logger.info({ ...label, messageId: info.messageId }, "mail sent");
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, label = {}) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, toEightBitEml(info.message as Buffer));
      logger.info({ ...label, file }, "mail written to outbox (SMTP_URL is not set); open the file for its links");
      return { messageId: info.messageId, outboxFile: file };
    },
  };
}

let instance: Mailer | undefined;

export function getMailer(): Mailer {
  instance ??= createMailer(getEnv());
  return instance;
}
