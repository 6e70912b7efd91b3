import { Nav, NavDropdown } from "react-bootstrap";
import { Link, NavLink } from "react-router";

export type NavUser = { name: string; email: string; image: string | null; isAdmin: boolean };

/** Signed-in part of the navbar: Admin (admins only) and the picture menu with Profile and Sign Out. */
export function AccountMenu({ user }: { user: NavUser }) {
  return (
    <>
      {user.isAdmin ? (
        <Nav.Item as="li">
          <Nav.Link as={NavLink} to="/manage">
            Admin
          </Nav.Link>
        </Nav.Item>
      ) : null}
      <NavDropdown
        as="li"
        id="account-menu"
        align="end"
        title={
          <>
            <img
              src={user.image || "/images/user.png"}
              alt={`Account menu for ${user.name || user.email}`}
              width={32}
              height={32}
              className="rounded-circle object-fit-cover"
            />
            {/* In the phone menu a bare picture is cryptic; say whose it is. */}
            <span className="d-md-none ms-2" aria-hidden="true">
              {user.name || user.email}
            </span>
          </>
        }
      >
        <NavDropdown.Item as={Link} to="/profile">
          Profile
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/signout">
          Sign Out
        </NavDropdown.Item>
      </NavDropdown>
    </>
  );
}
