import { useSyncExternalStore } from "react";
import { applyTheme, currentTheme, type ThemeChoice } from "./theme";

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches between white-on-black and black-on-white and remembers the choice in localStorage. */
export function ThemeToggle() {
  // Unknown on the server (null), read from the page once hydrated.
  const theme = useSyncExternalStore<ThemeChoice | null>(subscribe, currentTheme, () => null);
  const next: ThemeChoice = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      // Bootstrap's grey outline reaches only 4.47:1 on the spec's black background, so once the theme is known
      // the outline is white or black; grey stays for the disabled state before hydration, visible on either.
      className={`theme-toggle btn btn-sm ${theme === "dark" ? "btn-outline-light" : theme === "light" ? "btn-outline-dark" : "btn-outline-secondary"}`}
      disabled={theme === null}
      onClick={() => {
        applyTheme(next);
        for (const listener of listeners) listener();
      }}
    >
      {theme === "dark" ? "Light colours" : "Dark colours"}
    </button>
  );
}
