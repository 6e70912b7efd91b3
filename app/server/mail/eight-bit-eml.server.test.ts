import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { toEightBitEml } from "./eight-bit-eml.server";

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
async function compose(text: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const info = await transport.sendMail({ from: "Site <site@example.test>", to: "a@example.test", subject: "S", text, ...extra });
  return info.message as Buffer;
}
const bodyOf = (eml: Buffer) => eml.toString("utf8").split("\n\n").slice(1).join("\n\n");

describe("toEightBitEml", () => {
  it.each([
    ["a link with = and & across the fold", `Open https://x.test/verify?token=${"ab".repeat(60)}&next=%2Fprofile now.\n`],
    ["a space just before a fold", `${"word ".repeat(30)}end\n`],
    ["accents, tabs and an em dash", `Zoë — caf\u00e9\tdéjà vu ${"é".repeat(50)}\n\nSecond paragraph.\n`],
    ["a line that ends in spaces", `kept trailing   \n${"é".repeat(80)}\n`],
    ["mostly not ASCII (base64)", `${"ŻŹĆ".repeat(40)}\nhttps://x.test/${"a".repeat(90)}\n`],
  ])("gives back the text exactly: %s", async (_label, text) => {
    const eml = toEightBitEml(await compose(text));
    // 7bit when nodemailer found nothing to encode (short ASCII lines); otherwise decoded into 8bit.
    expect(eml.toString("utf8")).toMatch(/^Content-Transfer-Encoding: (7bit|8bit)$/m);
    expect(bodyOf(eml)).toBe(text);
  });

  it("leaves a message of several parts alone", async () => {
    const original = await compose(`Link https://x.test/${"a".repeat(100)}\n`, { html: "<p>hi</p>" });
    expect(toEightBitEml(original).equals(original)).toBe(true);
  });
});
