const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ID_ATTRIBUTE = /\sid="([^"]*)"/g;
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/g;
const CUSTOM_PROPERTY = /--[\w-]+/g;
const ENTITY = /&(amp|quot|#x27|#39|lt|gt);/g;
const CHARACTERS: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };

/** An attribute's value as the browser reads it (React escapes these characters). */
const unescape = (value: string) => (value.includes("&") ? value.replace(ENTITY, (_, name: string) => CHARACTERS[name]!) : value);

/**
 * What a page's HTML offers its stylesheet, as the tokens of stylesheet-index.server: `.class`, `#id` and
 * `element` for every class, id and element written in it, and `--name` for every custom property named anywhere in
 * it (in a style attribute or a script). Read from the text as React writes it (attributes in double quotes), and
 * generous by design: a word that looks like a tag or an attribute inside a script only keeps a rule more.
 */
export function listPageTokens(html: string): Set<string> {
  // Elements the parser adds without a tag for them.
  const tokens = new Set<string>(["html", "head", "body"]);
  for (const [, names] of html.matchAll(CLASS_ATTRIBUTE)) for (const name of unescape(names!).split(/\s+/)) if (name) tokens.add(`.${name}`);
  for (const [, id] of html.matchAll(ID_ATTRIBUTE)) tokens.add(`#${unescape(id!)}`);
  for (const [, tag] of html.matchAll(TAG)) tokens.add(tag!.toLowerCase());
  if (tokens.has("table")) tokens.add("tbody");
  if (tokens.has("col")) tokens.add("colgroup");
  for (const [name] of html.matchAll(CUSTOM_PROPERTY)) tokens.add(name);
  return tokens;
}
