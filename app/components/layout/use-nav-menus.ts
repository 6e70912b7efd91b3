import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export const SITE_MENU_ID = "site-menu";
const OPEN_DROPDOWNS = "details.nav-dropdown[open]";
const ITEMS = ".dropdown-menu a[href], .dropdown-menu button:not([disabled])";

function closeDropdowns(except?: Element) {
  for (const details of document.querySelectorAll<HTMLDetailsElement>(OPEN_DROPDOWNS)) {
    if (details !== except) details.open = false;
  }
}

/** The phone menu (a popover) and the dropdowns (details), closed. */
function closeAll() {
  closeDropdowns();
  const menu = document.getElementById(SITE_MENU_ID);
  if (menu?.matches(":popover-open")) menu.hidePopover();
}

/** Up and Down move between a dropdown's items (opening it from its toggle), as Bootstrap's dropdowns do. */
function moveFocus(details: HTMLDetailsElement, key: string) {
  const items = [...details.querySelectorAll<HTMLElement>(ITEMS)];
  if (items.length === 0) return;
  details.open = true;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = index < 0 ? (key === "ArrowUp" ? items.length - 1 : 0) : (index + (key === "ArrowUp" ? -1 : 1) + items.length) % items.length;
  items[next]!.focus();
}

/**
 * What script adds to the navbar's native menus once the page is hydrated: a click outside or Escape closes an
 * open dropdown (Escape returns focus to its toggle), the arrow keys move through its items, and any navigation
 * closes the dropdowns and the phone menu, as does widening the window past md, where the menu is the navbar.
 */
export function useNavMenus() {
  // Only a navigation after this one closes them: a menu a visitor opened before the scripts arrived stays open
  // when they take over (an effect on the location alone would also run, and close it, at hydration).
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    closeAll();
  }, [key]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const inside = event.target instanceof Element ? event.target.closest("details.nav-dropdown") : null;
      closeDropdowns(inside ?? undefined);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = event.target instanceof Element ? event.target.closest<HTMLDetailsElement>("details.nav-dropdown") : null;
      if (!details) return;
      if (event.key === "Escape" && details.open) {
        event.preventDefault(); // the phone menu stays open; only the dropdown closes
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        moveFocus(details, event.key);
      }
    };
    const wide = window.matchMedia("(min-width: 768px)");
    const onWidth = () => closeAll();
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    wide.addEventListener("change", onWidth);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      wide.removeEventListener("change", onWidth);
    };
  }, []);
}
