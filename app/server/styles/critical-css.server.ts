import { type StylePiece, type StylesheetIndex, indexStylesheet } from "./stylesheet-index.server";

export type CriticalCss = {
  /**
   * The part of the stylesheet a page can use, in the stylesheet's own order: every rule one of whose selectors
   * needs only tokens the page has, the @keyframes those rules name, the at-rules around them, and of their custom
   * properties those that a kept rule or the page itself reads. `pageTokens` are the page's tokens
   * (page-tokens.server): anything else in it is ignored.
   */
  forPage(pageTokens: Iterable<string>): string;
  /** How many different results are remembered. */
  size(): number;
};

export type CriticalCssOptions = {
  /** Tokens every page is taken to have, such as the classes scripts add to elements the server rendered. */
  isAlwaysPresent?: (token: string) => boolean;
  /** How many different pages' results are remembered (the oldest used is forgotten first). */
  maxEntries?: number;
};

/**
 * Chooses pages' share of one stylesheet. The stylesheet is read on first use; after that a page costs a lookup of
 * its tokens, and the result is remembered by the set of the page's tokens that occur in the stylesheet, so pages
 * that differ only in things no rule selects (a photo's id, a caption, the visitor number) share one entry.
 */
export function createCriticalCss(css: string, { isAlwaysPresent, maxEntries = 100 }: CriticalCssOptions = {}): CriticalCss {
  let index: StylesheetIndex | null = null;
  const remembered = new Map<string, string>();

  return {
    forPage(pageTokens) {
      index ??= indexStylesheet(css, isAlwaysPresent);
      const present = new Set<number>();
      const pageVars = new Set<string>();
      for (const token of pageTokens) {
        const id = index.tokenIds.get(token);
        if (id !== undefined) present.add(id);
        else if (token.startsWith("--") && index.varReads.has(token)) pageVars.add(token);
      }
      const signature = [...present].sort((a, b) => a - b).join(",") + "|" + [...pageVars].sort().join(",");
      const known = remembered.get(signature);
      if (known !== undefined) {
        // Most recently used last, so that the first key is the one to forget.
        remembered.delete(signature);
        remembered.set(signature, known);
        return known;
      }
      const result = select(index, present, pageVars);
      remembered.set(signature, result);
      if (remembered.size > maxEntries) remembered.delete(remembered.keys().next().value!);
      return result;
    },
    size: () => remembered.size,
  };
}

function select(index: StylesheetIndex, present: Set<number>, pageVars: Set<string>): string {
  const kept = new Set<StylePiece>();
  const reads = new Set<string>(pageVars);
  const keep = (piece: StylePiece): boolean => {
    let isKept: boolean;
    if (piece.kind === "rule") isKept = piece.needs.some((tokens) => tokens.every((id) => present.has(id)));
    else if (piece.kind === "block") isKept = piece.children.map(keep).some(Boolean);
    else if (piece.kind === "keyframes") isKept = false; // decided below, once the rules that name it are known
    else isKept = true;
    if (isKept) kept.add(piece);
    return isKept;
  };
  index.pieces.forEach(keep);
  const keepKeyframes = (piece: StylePiece): boolean => {
    const isKept =
      piece.kind === "keyframes"
        ? [...piece.users].some((rule) => kept.has(rule))
        : piece.kind === "block" && piece.children.map(keepKeyframes).some(Boolean);
    if (isKept) kept.add(piece); // and so the at-rule around a kept @keyframes
    return isKept;
  };
  index.pieces.forEach(keepKeyframes);

  // The custom properties in use: read by a kept rule's other declarations, a kept @keyframes or the page, and
  // whatever those read in turn.
  for (const piece of kept) if (piece.kind !== "block") for (const name of piece.reads) reads.add(name);
  for (const name of reads) for (const next of index.varReads.get(name) ?? []) reads.add(next);

  const write = (piece: StylePiece): string => {
    if (!kept.has(piece)) return "";
    if (piece.kind === "block") {
      const body = piece.children.map(write).join("");
      return body === "" ? "" : piece.open + body + piece.close;
    }
    if (piece.kind !== "rule" || piece.parts === null) return piece.text;
    const decls = piece.parts.decls.filter((decl) => decl.defines === null || reads.has(decl.defines));
    if (decls.length === piece.parts.decls.length) return piece.text;
    return decls.length === 0 ? "" : piece.parts.selector + decls.map((decl) => decl.text).join(";") + "}";
  };
  return index.pieces.map(write).join("").replace(/<\/style/gi, "\\3c/style");
}
