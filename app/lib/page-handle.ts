/**
 * `export const handle = LEAN_STYLES` in a route whose page needs none of the components in
 * styles/bootstrap-extras.scss; components/site-styles then leaves that stylesheet out.
 */
export const LEAN_STYLES = { leanStyles: true } as const;
