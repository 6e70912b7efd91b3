import { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; from: string; subject: string; text: string; raw: string };

/** Undoes quoted-printable soft line breaks and escapes, so long links can be matched whole. */
export function decodeQuotedPrintable(input: string): string {
  return input
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parse(raw: string, to: string[], from: string): CapturedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
  const body = rest.join("\n\n");
  const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
  return { to, from, subject, text, raw };
}

/** A real SMTP server on 127.0.0.1 that keeps every message, for tests of anything that sends mail. */
export async function startSmtpServer(port = 0) {
  const messages: CapturedMail[] = [];
  let waiters: { match: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parse(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        );
        messages.push(mail);
        const matched = waiters.filter((w) => w.match(mail));
        waiters = waiters.filter((w) => !matched.includes(w));
        for (const waiter of matched) waiter.resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    /** Resolves with the first message (already received or still to come) that matches. */
    waitFor(match: (m: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
      const existing = messages.find(match);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("No matching mail arrived")), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
