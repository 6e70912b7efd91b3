import { useEffect, useState } from "react";
import { applyTheme, currentTheme, type ThemeChoice } from "./theme";

/** Switches between white-on-black and black-on-white and remembers the choice in localStorage. */
export function ThemeToggle() {
  // Unknown until hydrated: the server cannot know the visitor's colours.
  const [theme, setTheme] = useState<ThemeChoice | null>(null);
  useEffect(() => setTheme(currentTheme()), []);
  const next: ThemeChoice = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      disabled={theme === null}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === "dark" ? "Light colours" : "Dark colours"}
    </button>
  );
}
