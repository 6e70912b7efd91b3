import { memo } from "react";
import { Link, NavLink } from "react-router";
import { capitalise } from "~/lib/format";
import { NavDropdown } from "./nav-dropdown";
import { SITE_MENU_ID, useNavMenus } from "./use-nav-menus";

type Props = {
  siteName: string;
  categories: { id: number; name: string }[];
  /** Whether a project is published: the Projects link shows only then. */
  showProjects: boolean;
  /** The signed-in menu; visitors see the Admin link instead. */
  accountSlot?: React.ReactNode;
};

/**
 * Sticky top navigation in plain HTML. Below md the links are in an offcanvas panel that is a `popover`: the
 * toggler opens it, and Escape, a click outside or the close button shut it, all without script. The
 * Galleries and account menus are <details> dropdowns (NavDropdown). Script only adds closing on navigation
 * and the dropdowns' keyboard and outside-click behaviour (useNavMenus).
 * Memoised: its props come from the root loader, so the re-render React Router makes right after hydration skips it.
 */
export const SiteHeader = memo(function SiteHeader({ siteName, categories, showProjects, accountSlot }: Props) {
  useNavMenus();
  return (
    <nav className="site-navbar border-bottom navbar navbar-expand-md sticky-top">
      <div className="container">
        <Link to="/" className="fw-semibold navbar-brand">
          {siteName}
        </Link>
        <button type="button" className="navbar-toggler" popoverTarget={SITE_MENU_ID} aria-label="Open menu">
          <span className="navbar-toggler-icon" />
        </button>
        <div id={SITE_MENU_ID} className="offcanvas offcanvas-end site-menu" popover="auto">
          <div className="offcanvas-header">
            <div className="offcanvas-title h5">{siteName}</div>
            <button type="button" className="btn-close" popoverTarget={SITE_MENU_ID} popoverTargetAction="hide" aria-label="Close menu" />
          </div>
          <div className="offcanvas-body">
            <ul className="ms-auto align-items-md-center navbar-nav">
              <li className="nav-item">
                <NavLink className="nav-link" to="/" end>
                  Home
                </NavLink>
              </li>
              <NavDropdown id="galleries-menu" label="Galleries">
                {categories.length === 0 ? (
                  <li>
                    <span className="dropdown-item-text text-body-secondary">No galleries yet</span>
                  </li>
                ) : (
                  categories.map((category) => (
                    <li key={category.id}>
                      <Link className="dropdown-item" to={`/gallery/${category.id}`}>
                        {capitalise(category.name)}
                      </Link>
                    </li>
                  ))
                )}
              </NavDropdown>
              <li className="nav-item">
                <NavLink className="nav-link" to="/services">
                  Services
                </NavLink>
              </li>
              {showProjects ? (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/projects">
                    Projects
                  </NavLink>
                </li>
              ) : null}
              <li className="nav-item">
                <NavLink className="nav-link" to="/contact">
                  Contact
                </NavLink>
              </li>
              {accountSlot ?? (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/signIn">
                    Admin
                  </NavLink>
                </li>
              )}
            </ul>
          </div>
        </div>
      </div>
    </nav>
  );
});
