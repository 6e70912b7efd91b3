import MarkdownIt from "markdown-it";

/**
 * The one Markdown renderer for text the owner types (page texts, service prose; reviews and projects later): a
 * small subset (paragraphs, **bold**, *italic*, [links](https://...), bullet and numbered lists) rendered on the
 * server, so no Markdown code reaches the browser. HTML typed into the text is shown as text (`html: false`), and a
 * link may only go to an https, mailto: or tel: address or a path of this site: `javascript:`, `data:` and the
 * rest are not made into links at all. Links to other sites open in a new tab with rel="noopener".
 */
const SAFE_LINK = /^(?:https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const md = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: false }).enable([
  "emphasis",
  "link",
  "list",
  "escape",
]);
md.validateLink = (url) => SAFE_LINK.test(url);

const renderToken = md.renderer.renderToken.bind(md.renderer);
md.renderer.rules.link_open = (tokens, index, options, env) => {
  const token = tokens[index]!;
  const href = String(token.attrGet("href") ?? "");
  const origin = typeof env?.origin === "string" ? env.origin.toLowerCase() : null;
  if (/^https:\/\//i.test(href) && !(origin && href.toLowerCase().startsWith(`${origin}/`))) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener");
  }
  return renderToken(tokens, index, options);
};

/** HTML for a text in the Markdown subset. `origin` is this site's (its own absolute links stay in the tab). */
export function renderMarkdown(text: string, origin?: string): string {
  return md.render(text, { origin });
}

/** HTML for a list of paragraphs (each may hold a list or several lines of Markdown). */
export function renderParagraphs(texts: readonly string[] | undefined, origin?: string): string {
  return texts ? renderMarkdown(texts.join("\n\n"), origin) : "";
}
