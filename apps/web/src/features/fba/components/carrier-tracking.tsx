import { Alert, Button, Empty, Space, Spin, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type FbaKuaidiParcel } from '@app/shared';
import { useFbaKuaidi } from '../api/fba.ts';

/** Tracking numbers shared by several boxes are shown once, with all their boxes. */
function byNumber(list: FbaKuaidiParcel[]): Array<FbaKuaidiParcel & { boxes: string[] }> {
  const seen = new Map<string, FbaKuaidiParcel & { boxes: string[] }>();
  for (const p of list) {
    const kept = seen.get(p.tracking_id);
    if (kept) kept.boxes.push(p.box_id);
    else seen.set(p.tracking_id, { ...p, boxes: [p.box_id] });
  }
  return [...seen.values()];
}

/** The carrier's own events for a shipment's tracking numbers (`/api/fba/kuaidi`), as a timeline. */
export function CarrierTracking({ planId, shipmentId }: { planId: number; shipmentId: string }) {
  const { t } = useTranslation();
  const result = useFbaKuaidi(planId, shipmentId, true);
  if (result.isPending) return <Spin size="small" />;
  if (result.isError) return <Alert type="error" message={result.error.message} />;
  const parcels = byNumber(result.data.list);
  if (parcels.length === 0) return <Empty description={t('fba.kuaidi.none')} />;
  return (
    <div className="fba-carrier">
      <Space style={{ marginBottom: 8 }}>
        <strong>{t('fba.kuaidi.title')}</strong>
        <Button size="small" loading={result.isFetching} onClick={() => void result.refetch()}>
          {t('fba.kuaidi.refresh')}
        </Button>
      </Space>
      {parcels.map((p) => (
        <div key={p.tracking_id} className="fba-carrier-parcel">
          <Space wrap>
            <span>
              {p.carrier} {p.tracking_id}
            </span>
            {p.status && <Tag>{t(`fba.kuaidi.status.${p.status}`)}</Tag>}
            <span className="fba-carrier-boxes">
              {t('fba.kuaidi.boxes', { boxes: p.boxes.join(', ') })}
            </span>
          </Space>
          {p.error ? (
            <Alert type="warning" showIcon message={p.error} />
          ) : (
            <Timeline
              items={p.events.map((e) => ({
                children: (
                  <>
                    <div>{e.description}</div>
                    <div className="fba-carrier-when">
                      {formatTimestamp(e.time)} {e.location}
                    </div>
                  </>
                ),
              }))}
            />
          )}
        </div>
      ))}
    </div>
  );
}
