import { addTranslations } from '../../shared/i18n/i18n.ts';
import { goodsLibraryEn } from './i18n-en.ts';
import { goodsLibraryZhCN } from './i18n-zh-cn.ts';

// The library's components also serve the public catalogue and the design tool, outside the
// signed-in console whose bundle otherwise brings these texts; they come with the library's index.
addTranslations({
  'zh-CN': { goodsLibrary: goodsLibraryZhCN },
  en: { goodsLibrary: goodsLibraryEn },
});
