import fs from 'node:fs';
import { createRequire } from 'node:module';
import postcss, { type Root, type Rule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * antd runs in zero-runtime mode (`theme.zeroRuntime`, src/shared/ui/antd-theme.tsx): instead of
 * computing and injecting every component's CSS in the browser as components mount (a third of
 * the console's main-thread time on a cold load), the app loads antd's prebuilt stylesheet. The
 * theme still reaches it: that stylesheet reads the design tokens from CSS variables, which antd
 * keeps registering at runtime from the ConfigProvider's theme.
 *
 * Two changes to antd's file at build time:
 * - it goes into `@layer antd`, so the app's own rules win over antd's whatever the order the
 *   two stylesheets load in (before, antd's runtime styles were inserted first);
 * - components the app never renders are dropped (about a tenth of the file).
 */
export const ANTD_CSS = 'antd/dist/antd.css';

/**
 * antd components (by class prefix) that neither the app nor the antd components it uses render.
 * `antd-styles.test.ts` fails when the app imports one, so a new use cannot ship unstyled.
 */
export const UNUSED_COMPONENTS: Record<string, string> = {
  Anchor: 'anchor',
  Breadcrumb: 'breadcrumb',
  Carousel: 'carousel',
  ColorPicker: 'color-picker',
  FloatButton: 'float-btn',
  Mentions: 'mentions',
  QRCode: 'qrcode',
  Rate: 'rate',
  Splitter: 'splitter',
  Tour: 'tour',
  Transfer: 'transfer',
  Watermark: 'watermark',
};

/** A class of one of them: `.ant-rate`, `.ant-rate-star`, ... */
const unusedPrefix = new RegExp(
  `\\.ant-(?:${Object.values(UNUSED_COMPONENTS).join('|')})(?![a-z])`,
);

/** A rule goes when every selector in it names an unused component. */
function isUnused(rule: Rule): boolean {
  return rule.selectors.every((selector) => unusedPrefix.test(selector));
}

/** antd's stylesheet, parsed, without the unused components' rules. */
export function antdStylesheetRoot(): Root {
  const require = createRequire(import.meta.url);
  const root = postcss.parse(fs.readFileSync(require.resolve(ANTD_CSS), 'utf8'));
  root.walkRules((rule) => {
    if (isUnused(rule)) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root;
}

/** What the build ships: `antdStylesheetRoot` in `@layer antd`. */
export function antdStylesheet(): string {
  return `@layer antd{${antdStylesheetRoot().toString()}}`;
}

/** The build's copy of antd's stylesheet, as `antdStylesheet` describes. */
export function antdStyles(): Plugin {
  return {
    name: 'antd-styles',
    enforce: 'pre',
    transform(_code, id) {
      if (!id.replaceAll('\\', '/').endsWith(ANTD_CSS)) return null;
      return { code: antdStylesheet(), map: null };
    },
  };
}
