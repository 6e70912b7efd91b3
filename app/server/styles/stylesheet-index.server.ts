import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

/**
 * A stylesheet cut into the pieces a page may leave out, each with what the page's HTML must contain for it to
 * apply, read once so that choosing a page's share of it is a matter of set lookups (see critical-css.server).
 *
 * Tokens name what a selector can require of the page: `.name` a class, `#name` an id, `name` an element (lower
 * case). A rule is needed when every token of one of its selectors is on the page. Only the tokens a selector must
 * have count: pseudo-classes and their arguments (`:hover`, `:not(.x)`, `:is(.a, .b)`, `:has(.c)`), pseudo-elements
 * and attribute selectors are taken as always matching, so a state that a click, a script or the browser sets on an
 * element of the page (open, checked, data-bs-theme="dark") never loses its rule. Keeping too much is the only way
 * this can be wrong.
 */
export type StylePiece =
  | {
      kind: "rule";
      text: string;
      /** One list of token ids per selector of the rule; an empty list means it needs nothing. */
      needs: number[][];
      /** The custom properties its other declarations read (`var(--x)`). */
      reads: string[];
      /**
       * The rule in parts, so that custom properties no kept rule reads can be left out: everything up to the
       * opening brace, and each declaration as written with the custom property it defines (null for others).
       * Null for a rule written in another shape (comments inside, nesting), which is only ever kept whole.
       */
      parts: { selector: string; decls: { text: string; defines: string | null }[] } | null;
    }
  /** An at-rule holding rules (@media, @supports, @container, @layer, @starting-style): kept when a child is. */
  | { kind: "block"; open: string; close: string; children: StylePiece[] }
  /** @keyframes: kept when a kept rule names it (`users`: the rules whose text contains its name as a word). */
  | { kind: "keyframes"; name: string; text: string; reads: string[]; users: Set<StylePiece> }
  /** Anything else (@font-face, @property, @page, @import...): always kept. */
  | { kind: "always"; text: string; reads: string[] };

export type StylesheetIndex = {
  pieces: StylePiece[];
  /** Every token some selector needs, numbered; a page's signature is the set of these it contains. */
  tokenIds: Map<string, number>;
  /** For each custom property, the custom properties its values read (over every rule that defines it). */
  varReads: Map<string, Set<string>>;
};

const VAR_READ = /var\(\s*(--[\w-]+)/g;

function readsOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VAR_READ), (m) => m[1]!))];
}

/** The tokens one selector must find on the page; those `isAlwaysPresent` says every page has are left out. */
function tokensOf(selector: selectorParser.Selector, isAlwaysPresent: (token: string) => boolean): string[] {
  const tokens: string[] = [];
  // Only the selector's own compounds: a pseudo-class's arguments are never walked (see above).
  for (const node of selector.nodes) {
    const token =
      node.type === "class" ? `.${node.value}` : node.type === "id" ? `#${node.value}` : node.type === "tag" ? node.value.toLowerCase() : null;
    if (token !== null && !isAlwaysPresent(token)) tokens.push(token);
  }
  return tokens;
}

export function indexStylesheet(css: string, isAlwaysPresent: (token: string) => boolean = () => false): StylesheetIndex {
  const tokenIds = new Map<string, number>();
  const varReads = new Map<string, Set<string>>();
  const keyframes: Extract<StylePiece, { kind: "keyframes" }>[] = [];
  const rules: Extract<StylePiece, { kind: "rule" }>[] = [];
  const text = (node: ChildNode) => css.slice(node.source!.start!.offset, node.source!.end!.offset);
  const idOf = (token: string) => {
    let id = tokenIds.get(token);
    if (id === undefined) tokenIds.set(token, (id = tokenIds.size));
    return id;
  };

  function rulePiece(rule: Rule): StylePiece {
    let needs: number[][] = [];
    try {
      selectorParser((root) => {
        root.each((selector) => {
          needs.push(tokensOf(selector, isAlwaysPresent).map(idOf));
        });
      }).processSync(rule.selector);
    } catch {
      needs = [[]]; // a selector this parser cannot read is kept on every page
    }
    const decls = rule.nodes.filter((node): node is Declaration => node.type === "decl");
    for (const decl of decls) {
      if (!decl.variable) continue;
      const reads = varReads.get(decl.prop) ?? new Set<string>();
      for (const name of readsOf(decl.value)) reads.add(name);
      varReads.set(decl.prop, reads);
    }
    const whole = text(rule);
    const parts = {
      selector: css.slice(rule.source!.start!.offset, css.indexOf("{", rule.source!.start!.offset) + 1),
      // (postcss counts the semicolon after a declaration as part of it)
      decls: decls.map((decl) => ({ text: text(decl).replace(/;$/, ""), defines: decl.variable ? decl.prop : null })),
    };
    const piece = {
      kind: "rule" as const,
      text: whole,
      needs,
      reads: readsOf(decls.filter((decl) => !decl.variable).map(text).join(";")),
      parts: parts.selector + parts.decls.map((decl) => decl.text).join(";") + "}" === whole ? parts : null,
    };
    rules.push(piece);
    return piece;
  }

  function piece(node: ChildNode): StylePiece | null {
    if (node.type === "comment" || node.type === "decl") return null;
    if (node.type === "rule") return rulePiece(node);
    const atRule = node as AtRule;
    if (/keyframes$/i.test(atRule.name)) {
      const frames = { kind: "keyframes" as const, name: atRule.params.trim(), text: text(atRule), reads: readsOf(text(atRule)), users: new Set<StylePiece>() };
      keyframes.push(frames);
      return frames;
    }
    const holdsRules = atRule.nodes?.some((child) => child.type === "rule" || child.type === "atrule") ?? false;
    if (!holdsRules) return { kind: "always", text: text(atRule), reads: readsOf(text(atRule)) };
    const children = atRule.nodes!.map(piece).filter((child) => child !== null);
    const first = atRule.nodes![0]!;
    const last = atRule.nodes!.at(-1)!;
    return {
      kind: "block",
      open: css.slice(atRule.source!.start!.offset, first.source!.start!.offset),
      close: css.slice(last.source!.end!.offset, atRule.source!.end!.offset),
      children,
    };
  }

  const pieces = postcss
    .parse(css)
    .nodes.map(piece)
    .filter((node) => node !== null);
  for (const frames of keyframes) {
    const word = new RegExp(`(^|[^\\w-])${frames.name.replace(/[^\w-]/g, "\\$&")}([^\\w-]|$)`);
    for (const rule of rules) if (word.test(rule.text)) frames.users.add(rule);
  }
  return { pieces, tokenIds, varReads };
}
