import 'i18next';
import type { designZhCN } from '../../features/design/i18n-zh-cn.ts';
import type { publicZhCN } from '../../features/public/i18n-zh-cn.ts';
import type { consoleZhCN } from './console-zh-cn.ts';
import type { zhCN } from './zh-cn.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof zhCN &
        typeof consoleZhCN &
        typeof publicZhCN & { design: typeof designZhCN };
    };
  }
}
