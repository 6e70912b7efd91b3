/**
 * Nodemailer writes a text part as quoted-printable folded at 76 columns (base64 when most of it is not ASCII)
 * unless every line is short ASCII, so a verification link in an outbox .eml file comes out split over several
 * lines, each ending in "=", and `token=abc` as `token=3Dabc`: neither copyable nor clickable. A message file is for a person to open, so a
 * single text/plain part is rewritten here as 8bit: the same bytes, decoded, each link whole on its line.
 * Anything else (several parts, another encoding, a line over the 998 bytes RFC 5322 allows) is kept as it was.
 */
const MAX_LINE_BYTES = 998;

export function toEightBitEml(message: Buffer): Buffer {
  const text = message.toString("latin1"); // one char per byte: headers and encoded bodies are ASCII
  const split = text.search(/\r?\n\r?\n/);
  if (split < 0) return message;
  const newline = text.slice(split).startsWith("\r\n") ? "\r\n" : "\n";
  const head = text.slice(0, split);
  const body = text.slice(split + newline.length * 2);
  if (!/^Content-Type:\s*text\/plain\b/im.test(head)) return message;
  const encoding = /^Content-Transfer-Encoding:\s*(quoted-printable|base64)\s*$/im.exec(head)?.[1]?.toLowerCase();
  if (!encoding) return message;

  const decoded = encoding === "base64" ? Buffer.from(body, "base64") : decodeQuotedPrintable(body);
  const lines = decoded.toString("latin1").split(/\r?\n/);
  if (lines.some((line) => line.length > MAX_LINE_BYTES)) return message;

  const newHead = head.replace(/^Content-Transfer-Encoding:\s*(quoted-printable|base64)\s*$/im, "Content-Transfer-Encoding: 8bit");
  return Buffer.concat([Buffer.from(newHead + newline + newline, "latin1"), decoded]);
}

/**
 * RFC 2045 §6.7: "=" at a line's end is a soft break (a space before it is text); spaces at the end of a line are
 * transport padding; "=XX" is the byte XX; everything else stands for itself.
 */
export function decodeQuotedPrintable(body: string): Buffer {
  const unfolded = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unfolded.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
