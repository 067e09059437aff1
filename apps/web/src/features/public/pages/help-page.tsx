import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/marketing.tsx';

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.help.title')} subtitle={t('public.help.subtitle')} />
      <section className="site-container faq">
        {t('public.help.faqs', { returnObjects: true }).map((faq, index) => (
          <details key={faq.q} className="faq__item" open={index === 0}>
            <summary>{faq.q}</summary>
            <p>{faq.a}</p>
          </details>
        ))}
      </section>
    </>
  );
}
