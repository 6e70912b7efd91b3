import { describe, expect, it } from "vitest";
import { extractClassNames } from "./purge-bootstrap";

describe("the class names the Bootstrap purge keeps", () => {
  it("keeps every word of the source, as PurgeCSS's own extractor would", () => {
    expect(extractClassNames('<div className="d-flex gap-2 site-hero">')).toEqual(expect.arrayContaining(["d-flex", "gap-2", "site-hero"]));
  });

  it("adds the names react-bootstrap builds from props", () => {
    const names = extractClassNames(
      '<Button variant="outline-danger" size="sm"/><Navbar expand="md"><Navbar.Offcanvas placement="end"/></Navbar><Col md={7}/><Badge bg={failed ? "danger" : "secondary"}/><Spinner animation="border"/>',
    );
    expect(names).toEqual(
      expect.arrayContaining([
        "btn-outline-danger",
        "btn-sm",
        "navbar-expand-md",
        "offcanvas-md",
        "offcanvas-end",
        "col-md-7",
        "bg-danger",
        "bg-secondary",
        "text-bg-danger",
        "spinner-border",
      ]),
    );
    // Only what the props say: no other breakpoint or colour.
    expect(names).not.toContain("navbar-expand-lg");
    expect(names).not.toContain("btn-warning");
  });
});
