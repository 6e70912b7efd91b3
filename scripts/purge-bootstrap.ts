// Build-time PostCSS step: drops the Bootstrap rules no page can use. Bootstrap's utility API and responsive
// variants write about 160 KB of CSS, most of it for class names this site never renders; the inlined
// stylesheet is parsed and matched on every page view, so what is left out is time saved on a slow phone.
// Only the Bootstrap builds are purged (app/styles/bootstrap-extras.scss, and bootstrap.scss inside site-styles.scss);
// the site's own CSS is kept whole.
import purgeCSSPlugin from "@fullhuman/postcss-purgecss";
import type { Plugin } from "postcss";
import { SCRIPT_TOGGLED_CLASSES } from "../app/server/styles/script-toggled-classes.server.ts";

const BOOTSTRAP_BUILD = /\/app\/styles\/(bootstrap(-extras)?|site-styles)\.scss(\?.*)?$/;

/** Where class names can come from: our components and configuration, and react-bootstrap's own source. */
const CONTENT = ["app/**/*.{ts,tsx}", "config/**/*.json", "node_modules/react-bootstrap/esm/**/*.js"];

const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl", "xxl"];

/**
 * react-bootstrap builds some class names from props (`<Button variant="danger">` renders `btn-danger`,
 * `<Col md={7}>` renders `col-md-7`), so the words in the source are not enough. For those props, every
 * string or number in the value also yields the classes it can turn into. Extra names cost nothing.
 */
const PROP_PREFIXES: Record<string, string[]> = {
  variant: ["btn", "btn-outline", "alert", "nav", "navbar", "bg", "text-bg", "progress-bar", "list-group-item", "table"],
  bg: ["bg", "text-bg"],
  size: ["btn", "modal", "form-control", "form-select", "spinner-border", "spinner-grow", "input-group", "pagination", "table"],
  animation: ["spinner"],
  expand: ["navbar-expand", "offcanvas"],
  responsive: ["offcanvas", "table-responsive"],
  placement: ["offcanvas"],
  align: ["dropdown-menu"],
  fullscreen: ["modal-fullscreen"],
  fluid: ["container"],
  gap: ["gap"],
  ...Object.fromEntries(BREAKPOINTS.map((bp) => [bp, bp === "xs" ? ["col", "row-cols"] : [`col-${bp}`, `row-cols-${bp}`]])),
};

const PROP = new RegExp(`\\b(${Object.keys(PROP_PREFIXES).join("|")})=(?:"([^"]*)"|\\{([^}]*)\\})`, "g");

export function extractClassNames(content: string): string[] {
  const names: string[] = [...(content.match(/[\w-]+/g) ?? [])];
  for (const match of content.matchAll(PROP)) {
    const [, prop, quoted, expression] = match;
    const values = quoted !== undefined ? [quoted] : [...(expression ?? "").matchAll(/"([\w-]+)"|\b(\d+)\b/g)].map((m) => m[1] ?? m[2]!);
    for (const value of values) {
      for (const prefix of PROP_PREFIXES[prop!]!) names.push(`${prefix}-${value}`);
      if (BREAKPOINTS.includes(prop!) && prop !== "xs") names.push(`col-${prop}`);
    }
  }
  return names;
}

export function purgeBootstrap(): Plugin {
  const purge = purgeCSSPlugin({
    content: CONTENT,
    extractors: [{ extractor: extractClassNames, extensions: ["ts", "tsx", "js", "json"] }],
    safelist: {
      standard: [
        SCRIPT_TOGGLED_CLASSES,
        // The parts of the components react-bootstrap renders, whose names it composes from a prefix
        // (`${bsPrefix}-header`); their responsive variants (offcanvas-md, navbar-expand-lg) come only from props.
        /^(?!form-floating$)(navbar|nav|offcanvas|modal|dropdown|accordion|card|form|input-group|alert|progress|spinner|table|btn-close|badge|list-group)(-(?!(sm|md|lg|xl|xxl)$)[a-z]+)*$/,
      ],
      greedy: [/data-bs-/],
    },
    // react-bootstrap's FloatingLabel, which the site never renders, names it. Its rules repeat selectors with
    // `:-webkit-autofill`, which the minifier then merges into `:-webkit-any(...)`: no CSS standard, and an error
    // for the HTML checker on every page that inlines the form components' rules (tests/integration/html-validity).
    blocklist: ["form-floating"],
  }) as Plugin;
  return {
    postcssPlugin: "purge-bootstrap",
    async OnceExit(root, helpers) {
      if (BOOTSTRAP_BUILD.test(root.source?.input.file ?? "")) await (purge.OnceExit as (...args: unknown[]) => Promise<void>)(root, helpers);
    },
  };
}
