import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A menu entry whose view path is an external URL opens here, embedded (spec 2). */
export function FramePage({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="frame-page">
      <div className="frame-page__bar">
        <strong>{title}</strong>
        <span className="muted frame-page__hint">{t('frame.hint')}</span>
        <Button
          size="small"
          icon={<ExportOutlined />}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('frame.openNew')}
        </Button>
      </div>
      <iframe
        className="frame-page__frame"
        src={url}
        title={title}
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      />
    </div>
  );
}
