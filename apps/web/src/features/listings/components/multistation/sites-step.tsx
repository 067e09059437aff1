import { Button, Empty, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MultistationShow1, MultistationTarget } from '@app/shared';
import { editorPath } from '../../paths.ts';
import type { Multistation } from './use-multistation.ts';

/** Step 1: the region's other stores to copy to, with any copy already made. */
export function SitesStep({
  wizard,
  data,
  loading,
}: {
  wizard: Multistation;
  data: MultistationShow1 | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  const targets = data?.targets ?? [];
  const { chosen, setChosen, toPrices, templateId } = wizard;
  return (
    <>
      {targets.length === 0 && !loading ? (
        <Empty description={t('multistation.noTargets', { region: data?.source.region ?? '' })}>
          <Link to="/market/index">{t('multistation.addStore')}</Link>
        </Empty>
      ) : (
        <Table<MultistationTarget>
          rowKey="market_id"
          size="small"
          loading={loading}
          dataSource={targets}
          pagination={false}
          rowSelection={{
            selectedRowKeys: chosen,
            onChange: (keys) => setChosen(keys.map(Number)),
          }}
          columns={[
            {
              key: 'site',
              title: t('multistation.columns.site'),
              render: (_, row) => `${row.site_code} · ${zh ? row.site_name_zh : row.site_name}`,
            },
            { key: 'store', title: t('multistation.columns.store'), dataIndex: 'alias' },
            { key: 'currency', title: t('multistation.columns.currency'), dataIndex: 'currency' },
            { key: 'language', title: t('multistation.columns.language'), dataIndex: 'language' },
            {
              key: 'copy',
              title: t('multistation.columns.copy'),
              render: (_, row) =>
                row.copy && (
                  <Link to={editorPath([row.copy.listing_id])}>
                    <Tag color={row.copy.status === 'draft' ? 'blue' : 'green'}>
                      {t('multistation.copied', {
                        id: row.copy.listing_id,
                        status: t(`listings.status.${row.copy.status}`),
                      })}
                    </Tag>
                  </Link>
                ),
            },
          ]}
        />
      )}
      <div className="multistation-actions">
        <Button
          type="primary"
          disabled={chosen.length === 0}
          loading={toPrices.isPending}
          onClick={() => toPrices.mutate(templateId)}
        >
          {t('multistation.next')}
        </Button>
      </div>
    </>
  );
}
