import type { AreaTexts } from '../../shared/i18n/i18n.ts';

/** The console's texts, the shown language's loaded with the layout (router.tsx). */
export const consoleTexts: AreaTexts = {
  'zh-CN': async () => (await import('./console-texts-zh-cn.ts')).consoleTextsZhCN,
  en: async () => (await import('./console-texts-en.ts')).consoleTextsEn,
};
