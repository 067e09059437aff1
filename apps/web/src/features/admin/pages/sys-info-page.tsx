import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type ServerHealth } from '@app/shared';
import { formatBytes } from '../../../shared/format-bytes.ts';
import { sysInfo, sysKeys } from '../api/sys.ts';
import type { adminZhCN } from '../i18n-zh-cn.ts';

type Field = keyof typeof adminZhCN.admin.sysInfo.fields;
type JobStatus = keyof typeof adminZhCN.admin.sysInfo.jobStatuses;

/** The record is read again this often while the page is open, quietly (spec: no progress bar). */
const REFRESH_MS = 30_000;

/** `3 d 4 h 5 min` / `3天4小时5分钟`: the biggest units only. */
function duration(t: TFunction, seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('admin.sysInfo.daysHours', { days, hours });
  if (hours > 0) return t('admin.sysInfo.hoursMinutes', { hours, minutes });
  return t('admin.sysInfo.minutes', { minutes });
}

const bytes = (n: number | null) => (n === null ? '-' : formatBytes(n));
/** The used share of a total, for the gauges; null when a side is unknown. */
const usedPercent = (free: number | null, total: number | null) =>
  free === null || !total ? null : Math.round(((total - free) / total) * 100);

function Gauge({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <Progress
      percent={percent}
      size="small"
      status={percent >= 90 ? 'exception' : 'normal'}
      style={{ maxWidth: 240 }}
    />
  );
}

function Sections({ info }: { info: ServerHealth }) {
  const { t } = useTranslation();
  const diskUsed = usedPercent(info.disk.free_bytes, info.disk.total_bytes);
  const memoryUsed = usedPercent(info.memory.system_free_bytes, info.memory.system_total_bytes);
  const item = (key: Field, children: ReactNode) => ({
    key,
    label: t(`admin.sysInfo.fields.${key}`),
    children,
  });
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('admin.sysInfo.server')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              item('version', info.version),
              item('node', info.node),
              item('platform', info.platform),
              item('startedAt', formatTimestamp(info.started_at)),
              item('uptime', duration(t, info.uptime_seconds)),
              item('osUptime', duration(t, info.os_uptime_seconds)),
              item('cpus', info.cpus),
              item('load', info.load_average.join(' / ')),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('admin.sysInfo.storage')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              item('database', t(`admin.sysInfo.databases.${info.database.kind}`)),
              item('databaseSize', bytes(info.database.size_bytes)),
              item('dataDir', info.disk.path),
              item(
                'diskFree',
                t('admin.sysInfo.freeOf', {
                  free: bytes(info.disk.free_bytes),
                  total: bytes(info.disk.total_bytes),
                }),
              ),
              item('diskUsed', <Gauge percent={diskUsed} />),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('admin.sysInfo.memory')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              item('rss', bytes(info.memory.rss_bytes)),
              item(
                'heap',
                t('admin.sysInfo.usedOf', {
                  used: bytes(info.memory.heap_used_bytes),
                  total: bytes(info.memory.heap_total_bytes),
                }),
              ),
              item(
                'systemMemory',
                t('admin.sysInfo.freeOf', {
                  free: bytes(info.memory.system_free_bytes),
                  total: bytes(info.memory.system_total_bytes),
                }),
              ),
              item('memoryUsed', <Gauge percent={memoryUsed} />),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('admin.sysInfo.jobs')}>
          {info.jobs.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.sysInfo.noJobs')} />
          ) : (
            <Descriptions
              column={1}
              size="small"
              items={info.jobs.map((j) => ({
                key: j.status,
                label: <Tag>{t(`admin.sysInfo.jobStatuses.${j.status as JobStatus}`)}</Tag>,
                children: j.count,
              }))}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

/** /admin/sys/info: the server's health (`sys/info/record`), read again every 30 seconds. */
export function SysInfoPage() {
  const { t } = useTranslation();
  const record = useQuery({
    queryKey: sysKeys.info,
    queryFn: sysInfo.record,
    refetchInterval: REFRESH_MS,
  });
  return (
    <Card
      title={t('admin.sysInfo.title')}
      loading={record.isLoading}
      extra={
        <Space>
          {record.dataUpdatedAt > 0 && (
            <span>
              {t('admin.sysInfo.readAt', {
                time: formatTimestamp(Math.floor(record.dataUpdatedAt / 1000)),
              })}
            </span>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={record.isFetching}
            onClick={() => void record.refetch()}
          >
            {t('admin.sysInfo.refresh')}
          </Button>
        </Space>
      }
    >
      {record.data && <Sections info={record.data} />}
    </Card>
  );
}
