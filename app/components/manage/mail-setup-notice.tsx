import type { MailSetupProblem } from "~/server/mail/mail-setup.server";

/**
 * Shown on every admin page while mail cannot reach anyone: without SMTP_URL the notifications of new enquiries,
 * the customers' acknowledgements and the sign-up and reset links are only written to files on the server. One line
 * says what is wrong and what it costs; the owner opens it for where the mail went and what to set.
 */
export function MailSetupNotice({ problem }: { problem: MailSetupProblem }) {
  return (
    <div className="alert alert-warning py-1" role="status" data-testid="mail-setup-notice">
      {/* Folded to one line, so that on a phone it does not push every admin page's own content off the screen. */}
      <details>
        <summary>
          <span className="fw-semibold">{problem.outboxDir ? "No mail leaves this server" : "Links in mail lead nowhere"}</span>
          {problem.outboxDir ? ": you are not told of new enquiries." : ": they point at this server only."} How to fix it
        </summary>
        {problem.outboxDir ? (
          <p className="mb-2 mt-1">
            <code>SMTP_URL</code> is not set, so nothing is e-mailed: you get no notification of a new enquiry, customers get no
            acknowledgement, and sign-up and password-reset links reach nobody. Each message is written as a file to{" "}
            <code className="text-break">{problem.outboxDir}</code> on the server instead. Set <code>SMTP_URL</code> to your mail
            provider&apos;s SMTP server (for example <code>smtps://user:password@smtp.example.com:465</code>) and restart the site.
          </p>
        ) : null}
        {problem.defaultPublicUrl ? (
          <p className="mb-0">
            <code>PUBLIC_URL</code> is not set, so links in mail point at <code>{problem.defaultPublicUrl}</code>, which only this
            server can open. Set <code>PUBLIC_URL</code> to the site&apos;s public address (for example{" "}
            <code>https://www.example.com</code>) and restart the site.
          </p>
        ) : null}
      </details>
    </div>
  );
}
