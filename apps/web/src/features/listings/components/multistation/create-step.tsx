import { Alert, Button, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { editorPath, LISTINGS_PATH } from '../../paths.ts';
import type { Multistation } from './use-multistation.ts';

/** Step 4: a summary and the create button; after it, one link per draft made. */
export function CreateStep({
  wizard,
  siteLabel,
  onCreate,
}: {
  wizard: Multistation;
  siteLabel: (marketId: number) => string;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const { results, texts, setStep, create } = wizard;
  if (results) {
    return (
      <>
        <Alert
          type="success"
          showIcon
          title={t('multistation.done')}
          style={{ marginBottom: 12 }}
        />
        <List
          bordered
          dataSource={results}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Link key="edit" to={editorPath([r.listing_id])}>
                  {t('multistation.openEditor')}
                </Link>,
              ]}
            >
              <Space>
                <Tag color={r.created ? 'green' : 'blue'}>
                  {r.created ? t('multistation.resultCreated') : t('multistation.resultUpdated')}
                </Tag>
                {`${siteLabel(r.market_id)} · #${r.listing_id}`}
              </Space>
            </List.Item>
          )}
        />
        <div className="multistation-actions">
          <Link to={LISTINGS_PATH}>{t('multistation.backToList')}</Link>
        </div>
      </>
    );
  }
  return (
    <>
      <Typography.Paragraph>
        {t('multistation.summary', { count: texts.length })}
      </Typography.Paragraph>
      <List
        bordered
        dataSource={texts}
        renderItem={(s) => (
          <List.Item>
            <Space>
              <Typography.Text strong>{siteLabel(s.market_id)}</Typography.Text>
              <Typography.Text>{s.texts.title}</Typography.Text>
              {s.hits.length > 0 && <Tag color="red">{s.hits.length}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      <div className="multistation-actions">
        <Button onClick={() => setStep(2)}>{t('multistation.prev')}</Button>
        <Button type="primary" loading={create.isPending} onClick={onCreate}>
          {t('multistation.create')}
        </Button>
      </div>
    </>
  );
}
