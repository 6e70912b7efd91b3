/**
 * Class names that scripts put on elements after they are rendered (react-bootstrap's transitions, Popper and our
 * own scripts) and that are never written out in full in the source. The Bootstrap purge keeps their rules
 * (scripts/purge-bootstrap.ts), and a page's inlined share of the stylesheet counts them as present on every page.
 */
export const SCRIPT_TOGGLED_CLASSES = /^(show|showing|hiding|fade|collapsing|collapse|collapsed|active|disabled)$/;
