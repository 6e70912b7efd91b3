/** localStorage keys from the spec: the visitor's chosen text and background colours. */
export const COLOR_KEY = "color";
export const BACKGROUND_KEY = "backgroundColor";

/**
 * Inline, render-blocking on purpose: picks the Bootstrap colour mode from the system preference
 * (or the stored colours) before the first paint. Kept tiny and dependency-free.
 */
export const THEME_SCRIPT = `(function(){try{var d=document.documentElement,s=localStorage,c=s.getItem("${COLOR_KEY}"),b=s.getItem("${BACKGROUND_KEY}"),ok=function(v){return v&&CSS.supports("color",v)};var dark=matchMedia("(prefers-color-scheme: dark)").matches;if(ok(b)){var x=document.createElement("i");x.style.color=b;document.head.appendChild(x);var m=getComputedStyle(x).color.match(/\\d+/g);x.remove();if(m)dark=(0.299*m[0]+0.587*m[1]+0.114*m[2])<128}d.setAttribute("data-bs-theme",dark?"dark":"light");if(ok(c))d.style.setProperty("--site-color",c);if(ok(b))d.style.setProperty("--site-bg",b)}catch(e){}})();`;

export type ThemeChoice = "light" | "dark";

/** Stores explicit colours (spec: white on black for dark, black on white for light) and applies them now. */
export function applyTheme(choice: ThemeChoice): void {
  const color = choice === "dark" ? "#ffffff" : "#000000";
  const background = choice === "dark" ? "#000000" : "#ffffff";
  try {
    localStorage.setItem(COLOR_KEY, color);
    localStorage.setItem(BACKGROUND_KEY, background);
  } catch {
    // Private browsing can refuse storage; the colours still change for this page.
  }
  const root = document.documentElement;
  root.setAttribute("data-bs-theme", choice);
  root.style.setProperty("--site-color", color);
  root.style.setProperty("--site-bg", background);
}

export function currentTheme(): ThemeChoice {
  return document.documentElement.getAttribute("data-bs-theme") === "dark" ? "dark" : "light";
}
