import { antdStylesheetRoot } from '../../antd-styles.ts';

/**
 * jsdom's getComputedStyle matches every CSS rule of the document against the element on each
 * call, and Testing Library calls it for every node it looks at (role queries compute names and
 * hidden-ness node by node): with antd's ~3,500 rules, about 70% of page tests' CPU went into
 * matching selectors whose declarations nothing in jsdom ever uses.
 *
 * Only `display` and `visibility` decide what a test can see, and jsdom resolves each property
 * from the declarations of that property alone (last matching rule wins), so keeping exactly
 * those declarations, in their rules and order, gives the same answer for "is it hidden" while
 * leaving a few hundred rules to match. Rules jsdom never applies (non-screen media, keyframes,
 * font faces, layers) go too.
 */
const KEPT = new Set(['display', 'visibility']);

interface StyleRuleLike {
  selectorText?: string;
  media?: MediaList;
  style?: CSSStyleDeclaration;
  cssRules?: CSSRuleList;
  deleteRule?: (index: number) => void;
}

/** Whether the rule still holds something jsdom's cascade reads, after trimming it. */
function trimRule(rule: StyleRuleLike): boolean {
  if (rule.selectorText !== undefined && rule.style) {
    const names = Array.from(rule.style);
    for (const name of names) if (!KEPT.has(name)) rule.style.removeProperty(name);
    return rule.style.length > 0;
  }
  // jsdom descends into @media rules for "screen" only and applies no other grouping rule.
  if (rule.media && rule.cssRules && Array.from(rule.media).includes('screen')) {
    trimRules(rule as StyleRuleLike & { cssRules: CSSRuleList });
    return rule.cssRules.length > 0;
  }
  return false;
}

function trimRules(list: { cssRules: CSSRuleList; deleteRule?: (index: number) => void }) {
  for (let i = list.cssRules.length - 1; i >= 0; i -= 1) {
    if (!trimRule(list.cssRules[i] as StyleRuleLike)) list.deleteRule?.(i);
  }
}

const trimmed = new WeakSet<CSSStyleSheet>();

function trimSheets(doc: Document): void {
  for (const sheet of Array.from(doc.styleSheets)) {
    if (trimmed.has(sheet)) continue;
    trimmed.add(sheet);
    trimRules(sheet);
  }
}

let antdVisibility: string | undefined;

/**
 * antd's stylesheet as the build ships it (antd-styles.ts: the app runs antd without runtime
 * styles), cut to its `display` and `visibility` declarations in Node, once per worker, so jsdom
 * parses a few hundred rules rather than a megabyte for every file. jsdom's CSS parser knows no
 * `@layer`, so this copy goes without it; `trimSheets` then drops what jsdom would not apply.
 */
function antdVisibilityStyles(): string {
  if (antdVisibility === undefined) {
    const root = antdStylesheetRoot();
    root.walkDecls((decl) => {
      if (!KEPT.has(decl.prop)) decl.remove();
    });
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
    antdVisibility = root.toString();
  }
  return antdVisibility;
}

/**
 * Gives the document antd's visibility rules and trims every other style sheet as soon as it
 * lands (antd adds `<style>` elements for its theme variables while components mount; a sheet
 * is replaced whenever its element's text changes, so each new sheet is trimmed once).
 */
let observed: Document | null = null;

export function keepOnlyVisibilityStyles(): void {
  // Unit files share one jsdom and run this setup once each; one observer per document is enough.
  if (observed === document) return;
  // The callback keeps its own document: it can still fire while the file's jsdom is torn down.
  const doc = document;
  observed = doc;
  const antd = doc.createElement('style');
  antd.textContent = antdVisibilityStyles();
  doc.head.append(antd);
  trimSheets(doc);
  new MutationObserver(() => trimSheets(doc)).observe(doc, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}
