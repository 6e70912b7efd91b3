import { memo } from "react";
import { ThemeToggle } from "./theme-toggle";

type Props = {
  siteName: string;
  /** The business's first year of copyright (the content's copyrightYear): the line runs from it to `year`. */
  firstYear?: number;
  /** This year. */
  year: number;
  phone?: string;
  phoneE164?: string;
  visitorNumber?: number;
};

export const SiteFooter = memo(function SiteFooter({ siteName, firstYear, year, phone, phoneE164, visitorNumber }: Props) {
  return (
    <footer className="site-footer border-top py-4 mt-5">
      <div className="container d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-center small">
        <p className="mb-0">
          © {firstYear !== undefined && firstYear < year ? `${firstYear}–${year}` : year} {siteName}. All rights reserved.
        </p>
        {phone && phoneE164 ? (
          <p className="mb-0">
            <a href={`tel:${phoneE164}`} className="d-inline-block py-2" data-testid="footer-phone">
              {phone}
            </a>
          </p>
        ) : null}
        {visitorNumber !== undefined && visitorNumber > 0 ? (
          // A kept page is sent to a first visitor with their own number put into this text (the page cache's
          // spliced-page.server.ts); the page's data still holds the number it was rendered with, so React keeps
          // the text the server sent.
          <p className="mb-0" data-testid="visitor-number" suppressHydrationWarning>
            visitor number {visitorNumber}
          </p>
        ) : null}
        <ThemeToggle />
      </div>
    </footer>
  );
});
