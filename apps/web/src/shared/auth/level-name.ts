import { useTranslation } from 'react-i18next';
import { useAuthStore } from './auth-store.ts';

/** The member level in the interface language; sessions saved before `level_name_en` existed fall back to `level_name`. */
export function useLevelName(): string {
  const { i18n } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  if (!user) return '';
  return (i18n.language === 'en' && user.level_name_en) || user.level_name;
}
