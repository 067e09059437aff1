import { goodsLibraryEn } from '../goods-library/i18n-en.ts';
import { goodsLibraryZhCN } from '../goods-library/i18n-zh-cn.ts';
import { addTranslations } from '../../shared/i18n/i18n.ts';

// The public catalogue reuses the library's filter bar and pictures, whose texts otherwise come
// only with the signed-in console's bundle.
addTranslations({
  'zh-CN': { goodsLibrary: goodsLibraryZhCN },
  en: { goodsLibrary: goodsLibraryEn },
});
