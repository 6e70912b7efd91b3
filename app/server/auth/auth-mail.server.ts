import type { MailMessage } from "../mail/mail.server";

/** Plain-text first (it always arrives intact), with a simple HTML copy. */
function mail(to: string, subject: string, lines: string[], link: { url: string; label: string }): MailMessage {
  const text = [...lines, "", `${link.label}: ${link.url}`, "", "If you did not ask for this, you can ignore this e-mail."].join("\n");
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const html = `${lines.map((l) => `<p>${escape(l)}</p>`).join("")}<p><a href="${escape(link.url)}">${escape(link.label)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>`;
  return { to, subject, text, html };
}

export function verificationMail(siteName: string, to: string, url: string): MailMessage {
  return mail(to, `Verify your e-mail for ${siteName}`, [`Thanks for creating an account with ${siteName}.`, "Please confirm this is your e-mail address. The link works for 24 hours."], { url, label: "Verify my e-mail" });
}

export function resetPasswordMail(siteName: string, to: string, url: string): MailMessage {
  return mail(to, `Reset your ${siteName} password`, ["Someone (hopefully you) asked to reset the password of this account.", "The link works for one hour and only once."], { url, label: "Choose a new password" });
}
