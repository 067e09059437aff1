import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/marketing.tsx';

export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.about.title')} />
      <section className="site-container prose">
        {t('public.about.paragraphs', { returnObjects: true }).map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
    </>
  );
}
