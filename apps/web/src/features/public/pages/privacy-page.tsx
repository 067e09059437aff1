import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/marketing.tsx';

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.privacy.title')} subtitle={t('public.privacy.updated')} />
      <section className="site-container prose">
        {t('public.privacy.sections', { returnObjects: true }).map((section) => (
          <div key={section.title}>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </div>
        ))}
      </section>
    </>
  );
}
