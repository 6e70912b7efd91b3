/**
 * A navbar dropdown built on <details>: the browser opens and closes it on a click, Enter or Space before any
 * script has run (or with none). Its menus share one `name`, so opening one closes the other. Once hydrated,
 * useNavMenus adds what a dropdown also does: closing on a click outside, on Escape and on navigation, and the
 * arrow keys. Below md it sits in the phone menu and opens in place; from md up it floats under its toggle.
 */
export function NavDropdown({ id, label, align, children }: { id: string; label: React.ReactNode; align?: "end"; children: React.ReactNode }) {
  return (
    <li className="nav-item dropdown">
      <details className="nav-dropdown" name="site-nav-menu">
        <summary className="nav-link dropdown-toggle" id={id}>
          {label}
        </summary>
        <ul className={`dropdown-menu${align === "end" ? " dropdown-menu-end" : ""}`} aria-labelledby={id}>
          {children}
        </ul>
      </details>
    </li>
  );
}
