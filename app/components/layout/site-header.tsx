import { Container, Nav, NavDropdown, Navbar, Offcanvas } from "react-bootstrap";
import { memo, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

type Props = {
  siteName: string;
  categories: { id: number; name: string }[];
  /** Replaced by the signed-in menu when accounts arrive; until then visitors see the Admin link. */
  accountSlot?: React.ReactNode;
};

export function capitalise(text: string): string {
  return text.replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
}

/** Sticky top navigation; below the md breakpoint the links move into an offcanvas panel. */
/** Memoised: its props come from the root loader, so the re-render React Router makes right after hydration skips it. */
export const SiteHeader = memo(function SiteHeader({ siteName, categories, accountSlot }: Props) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the phone menu whenever the address changes (adjusting state during render, not in an effect).
  const address = location.pathname + location.hash;
  const [menuAddress, setMenuAddress] = useState(address);
  if (menuAddress !== address) {
    setMenuAddress(address);
    setOpen(false);
  }

  return (
    <Navbar expand="md" sticky="top" className="site-navbar border-bottom" expanded={open} onToggle={setOpen}>
      <Container>
        <Navbar.Brand as={Link} to="/" className="fw-semibold">
          {siteName}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="site-menu" label="Open menu" />
        <Navbar.Offcanvas id="site-menu" placement="end" aria-labelledby="site-menu-title" show={open} onHide={() => setOpen(false)}>
          <Offcanvas.Header closeButton closeLabel="Close menu">
            <Offcanvas.Title id="site-menu-title">{siteName}</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <Nav className="ms-auto align-items-md-center" as="ul">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/" end>
                  Home
                </Nav.Link>
              </Nav.Item>
              <NavDropdown title="Galleries" id="galleries-menu" as="li">
                {categories.length === 0 ? (
                  <NavDropdown.ItemText className="text-body-secondary">No galleries yet</NavDropdown.ItemText>
                ) : (
                  categories.map((category) => (
                    <NavDropdown.Item key={category.id} as={Link} to={`/gallery/${category.id}`}>
                      {capitalise(category.name)}
                    </NavDropdown.Item>
                  ))
                )}
              </NavDropdown>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/services">
                  Services
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/contact">
                  Contact
                </Nav.Link>
              </Nav.Item>
              {accountSlot ?? (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/signIn">
                    Admin
                  </Nav.Link>
                </Nav.Item>
              )}
            </Nav>
          </Offcanvas.Body>
        </Navbar.Offcanvas>
      </Container>
    </Navbar>
  );
});
