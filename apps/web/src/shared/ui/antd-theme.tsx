import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
// antd's prebuilt styles in place of styles computed in the browser (zeroRuntime below); the
// build trims and layers this file (antd-styles.ts), and it loads with the first antd screen.
import 'antd/dist/antd.css';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n.ts';

const theme: ThemeConfig = {
  // No CSS generated at runtime: it was a third of the console's main-thread time on a cold load.
  // The tokens below still apply, through the CSS variables antd registers from them.
  zeroRuntime: true,
  token: {
    colorPrimary: '#1f6feb',
    // antd's default (45% black) is 3.4:1 on white; WCAG asks 4.5:1 of secondary text too.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Links (and link buttons) take antd's info blue by default, 4.1:1 on white.
    colorLink: '#175cd3',
    borderRadius: 8,
    fontSize: 14,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#0f1d35', headerPadding: '0 16px' } },
};

const localeOf = (language: string) => (language === 'en' ? enUS : zhCN);

// Messages and confirm dialogs are rendered outside the React tree; give them the same theme and language.
ConfigProvider.config({
  theme,
  holderRender: (children) => (
    <ConfigProvider theme={theme} locale={localeOf(currentLanguage())}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * antd's theme and language for the screens built from antd components: each area that uses
 * them (console, operators' console, sign-in pages, error pages, the public pages with forms)
 * wraps itself in it, so the app's entry and the plain marketing pages do not load antd at all.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={localeOf(i18n.language)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
