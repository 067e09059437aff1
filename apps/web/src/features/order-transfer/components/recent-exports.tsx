import { Button, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '@app/shared';
import type { RecentExport } from '../transfer-logic.ts';

/** The exports this browser made lately, each downloadable again. */
export function RecentExports({
  recent,
  onDownload,
}: {
  recent: RecentExport[];
  onDownload: (url: string, name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('orderTransfer.export.recent')}>
      <Typography.Title level={5}>{t('orderTransfer.export.recent')}</Typography.Title>
      <Table<RecentExport>
        size="small"
        rowKey="job_id"
        dataSource={recent}
        pagination={false}
        locale={{ emptyText: t('orderTransfer.export.recentEmpty') }}
        columns={[
          {
            title: t('orderTransfer.export.at'),
            dataIndex: 'at',
            render: (at: number) => formatTimestamp(at),
          },
          { title: t('orderTransfer.export.orders'), dataIndex: 'orders' },
          { title: t('orderTransfer.export.file'), dataIndex: 'file_name' },
          {
            title: '',
            key: 'download',
            width: 120,
            render: (_, row) => (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => onDownload(row.url, row.file_name)}
              >
                {t('orderTransfer.export.download')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
