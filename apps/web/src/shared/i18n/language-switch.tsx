import { useTranslation } from 'react-i18next';
import { SegmentedSwitch } from '../ui/segmented-switch.tsx';
import { LANGUAGES, setLanguage, type Language } from './i18n.ts';

const SHORT: Record<Language, string> = { 'zh-CN': '中文', en: 'EN' };

/**
 * zh-CN / en switch; the choice is kept in localStorage, and `onChosen` can save it further
 * (the signed-in layout saves it to the account, so the server speaks it too).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void } = {}) {
  const { t, i18n } = useTranslation();
  const value: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <SegmentedSwitch<Language>
      label={t('common.language')}
      value={value}
      options={LANGUAGES.map((lng) => ({
        value: lng,
        label: <span title={t(`language.${lng}`)}>{SHORT[lng]}</span>,
      }))}
      onChange={(lng) => {
        void setLanguage(lng);
        onChosen?.(lng);
      }}
    />
  );
}
