import { useId, useState } from "react";

type Props = { url: string; phone: string | null; customerName: string; businessName: string };

/** The text that goes with the link in a WhatsApp message or a text. */
function shareText(customerName: string, businessName: string, url: string): string {
  const first = customerName.trim().split(/\s+/)[0] ?? "";
  return `Hello ${first}, thank you for having ${businessName} do the job. Would you review it? Your own link (it works once, for this job): ${url}`;
}

/**
 * A review link for the owner to pass on: the field to copy it from, and WhatsApp and SMS links for customers
 * without e-mail. The same words for everyone.
 */
export function ReviewLinkShare({ url, phone, customerName, businessName }: Props) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const text = encodeURIComponent(shareText(customerName, businessName, url));
  const number = phone ? phone.replace(/[^\d+]/g, "") : "";
  return (
    <div className="review-link-share mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        Review link
      </label>
      <div className="input-group">
        <input id={id} className="form-control" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={async () => {
            await navigator.clipboard.writeText(url);
            setCopied(true);
          }}
        >
          Copy link
        </button>
      </div>
      <p className="mt-2 mb-0 d-flex flex-wrap gap-3">
        <a href={`https://wa.me/?text=${text}`} target="_blank" rel="noreferrer noopener">
          Send by WhatsApp
        </a>
        <a href={`sms:${number}?&body=${text}`}>Send by SMS</a>
        <span role="status">{copied ? "Copied." : ""}</span>
      </p>
    </div>
  );
}
