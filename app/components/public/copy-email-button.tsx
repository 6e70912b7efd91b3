import { useEffect, useState } from "react";

type Props = { email: string; copiedMessage: string };

/**
 * The e-mail address as a button that copies itself to the clipboard and says so. A refused clipboard (no
 * permission, an insecure origin) is only logged: the address stays on screen to copy by hand.
 */
export function CopyEmailButton({ email, copiedMessage }: Props) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
    } catch (error) {
      console.warn("Could not copy the e-mail address to the clipboard", error);
    }
  }

  return (
    <span className="copy-email">
      <button type="button" className="btn btn-outline-primary copy-email-button" onClick={copy} title="Click to copy">
        {email}
      </button>
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <output className="copy-email-status">{copied ? copiedMessage : ""}</output>
    </span>
  );
}
