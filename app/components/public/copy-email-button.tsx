import { useEffect, useState } from "react";

type Props = { email: string; copiedMessage: string };

/**
 * The e-mail address as clickable text that copies itself to the clipboard and says so. It is a mailto: link, so
 * before the page's scripts have loaded, or without them, a tap opens the visitor's e-mail program instead; once
 * hydrated a plain click copies. A refused clipboard (no permission, an insecure origin) is only logged: the
 * address stays on screen to copy by hand.
 */
export function CopyEmailButton({ email, copiedMessage }: Props) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(event: React.MouseEvent) {
    // A click with a modifier key (a new window, say) still follows the link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
    } catch (error) {
      console.warn("Could not copy the e-mail address to the clipboard", error);
    }
  }

  return (
    <span className="copy-email">
      <a href={`mailto:${email}`} className="btn btn-outline-primary copy-email-button" onClick={copy} title="Click to copy">
        {email}
      </a>
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <output className="copy-email-status">{copied ? copiedMessage : ""}</output>
    </span>
  );
}
