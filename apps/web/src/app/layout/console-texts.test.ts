import { describe, expect, it } from 'vitest';
import { designEn } from '../../features/design/i18n-en.ts';
import { designZhCN } from '../../features/design/i18n-zh-cn.ts';
import { publicEn } from '../../features/public/i18n-en.ts';
import { publicZhCN } from '../../features/public/i18n-zh-cn.ts';
import { consoleTextsEn } from './console-texts-en.ts';
import { consoleTextsZhCN } from './console-texts-zh-cn.ts';

/** Every text of a catalogue with its dotted key. */
function texts(catalogue: object, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value as object, `${prefix}${key}.`),
  );
}

/**
 * The private library (/goods/collect) is named as its menu names it on every screen: these are
 * the other names it went by across buttons, messages and empty states.
 */
const OTHER_NAMES = {
  'zh-CN': [/我的商品库/, /我的成品库?/, /你的(商品|成品|产品)库/, /加入我的产品库/, /从商品库/],
  en: [/\bmy library\b/i, /\byour library\b/i, /\bmy (finished )?products\b/i, /private library/i],
};

describe.each([
  ['zh-CN', consoleTextsZhCN, publicZhCN, designZhCN],
  ['en', consoleTextsEn, publicEn, designEn],
] as const)('the private library in %s', (language, console, marketing, design) => {
  const all = [...texts(console), ...texts(marketing), ...texts(design)];
  const name = console.menu.goods.collect;

  it('goes by no other name', () => {
    const stray = all.filter(([, text]) => OTHER_NAMES[language].some((re) => re.test(text)));
    expect(stray).toEqual([]);
  });

  it('is named as the menu names it where a screen sends the seller there', () => {
    const sending = [
      console.goodsLibrary.join.action,
      console.goodsLibrary.join.open,
      console.goods.actions.copyToLibrary,
      console.goods.empty.private,
      design.job.collect,
      console.cart.empty.action,
      console.listings.actions.create,
      marketing.public.productDetail.addToLibrary,
    ];
    for (const text of sending) expect(text.toLowerCase()).toContain(name.toLowerCase());
  });
});
