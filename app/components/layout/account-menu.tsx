import { Form, Link, NavLink } from "react-router";
import { NavDropdown } from "./nav-dropdown";

export type NavUser = { name: string; email: string; image: string | null; isAdmin: boolean };

/**
 * Signed-in part of the navbar: Admin (admins only) and the picture menu with Profile and Sign Out. Sign Out is a
 * form post, so it works before the page's scripts have loaded and without them.
 */
export function AccountMenu({ user }: { user: NavUser }) {
  return (
    <>
      {user.isAdmin ? (
        <li className="nav-item">
          <NavLink className="nav-link" to="/manage">
            Admin
          </NavLink>
        </li>
      ) : null}
      <NavDropdown
        id="account-menu"
        align="end"
        label={
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
        <li>
          <Link className="dropdown-item" to="/profile">
            Profile
          </Link>
        </li>
        <li>
          <Form method="post" action="/signout">
            <button type="submit" className="dropdown-item">
              Sign Out
            </button>
          </Form>
        </li>
      </NavDropdown>
    </>
  );
}
