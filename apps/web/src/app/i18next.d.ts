import 'i18next';
import type { adminZhCN } from '../features/admin/i18n-zh-cn.ts';
import type { catalogueZhCN } from '../features/admin/i18n-catalogue-zh-cn.ts';
import type { designZhCN } from '../features/design/i18n-zh-cn.ts';
import type { publicZhCN } from '../features/public/i18n-zh-cn.ts';
import type { zhCN } from '../shared/i18n/zh-cn.ts';
import type { consoleTextsZhCN } from './layout/console-texts-zh-cn.ts';

// Every text key the app can load, so `t()` checks keys. It lives in the app because only the app
// knows every feature's texts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof zhCN &
        typeof consoleTextsZhCN &
        typeof publicZhCN &
        typeof adminZhCN &
        typeof catalogueZhCN & { design: typeof designZhCN };
    };
  }
}
